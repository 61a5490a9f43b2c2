package mcpgo

import (
	"context"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func appendJournal(line string) error {
	f, err := os.OpenFile("journal.log", os.O_APPEND|os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = f.WriteString(line + "\n")
	return err
}

// registerJournalLegacy is a leftover nothing calls, beside the
// RegisterJournal the server calls: its registration of the same tool is
// dead code, and the tool is reported once, where it is registered.
func registerJournalLegacy(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("journal_add"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, appendJournal(req.GetString("line", ""))
	})
}

func RegisterJournal(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("journal_add"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, appendJournal(req.GetString("line", "")) // want `tool "journal_add" is not idempotent but writes a file`
	})
}

// registerNotesOnly is uncalled too, but registers a tool nothing else
// does: it is judged (a test or a build tag may call it).
func registerNotesOnly(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("notes_add"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, appendJournal(req.GetString("note", "")) // want `tool "notes_add" is not idempotent but writes a file`
	})
}
