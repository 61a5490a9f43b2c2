// Package localiface calls its storage through an interface declared, and
// implemented only, in the same package: the call commits the
// implementation's effect.
package localiface

import (
	"context"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct {
	Account string `json:"account"`
}

// Ledger is implemented by *fileLedger only.
type Ledger interface {
	Append(account string) error
}

type fileLedger struct{ path string }

func (l *fileLedger) Note(account string) error {
	return os.WriteFile(l.path+".note", []byte(account), 0o644)
}

func (l *fileLedger) Append(account string) error {
	f, err := os.OpenFile(l.path, os.O_APPEND|os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = f.WriteString(account + "\n")
	return err
}

// Notes has two implementations, one of which commits nothing: calls
// through it are unknown, so nothing is reported.
type Notes interface {
	Note(account string) error
}

type memNotes struct{ lines []string }

func (m *memNotes) Note(account string) error {
	m.lines = append(m.lines, account)
	return nil
}

func Register(s *mcp.Server, led Ledger, notes Notes) {
	mcp.AddTool(s, &mcp.Tool{Name: "record"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, led.Append(in.Account) // want `tool "record" is not idempotent but writes a file \(localiface.Ledger.Append, implemented by localiface.fileLedger.Append\)`
	})

	mcp.AddTool(s, &mcp.Tool{Name: "note"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, notes.Note(in.Account)
	})
}
