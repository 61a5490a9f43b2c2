// Package gateway registers the tools of an upstream server as read-only
// views, with go-sdk: forwarders, whose hints stand for the upstream
// tools'. toolhints does not judge them, even where the handler writes an
// audit record of its own before it passes the call on.
package gateway

import (
	"context"
	"os"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type View struct {
	Up      *mcp.ClientSession
	Journal string
}

func (v *View) Register(ctx context.Context, s *mcp.Server) error {
	res, err := v.Up.ListTools(ctx, nil)
	if err != nil {
		return err
	}
	for _, t := range res.Tools {
		// ok: a forwarder: the read-only hint is about the upstream
		// tool.
		s.AddTool(&mcp.Tool{Name: "view_" + t.Name, InputSchema: t.InputSchema, Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}}, v.forward)
	}
	// A tool of its own (a constant name), annotated read-only, that
	// also calls an upstream tool: its hints are its own.
	s.AddTool(&mcp.Tool{Name: "peek", Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}}, v.peek)
	return nil
}

func (v *View) forward(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := v.record(req.Params.Name); err != nil { // ok: the handler of a forwarder
		return nil, err
	}
	return v.Up.CallTool(ctx, &mcp.CallToolParams{Name: strings.TrimPrefix(req.Params.Name, "view_"), Arguments: req.Params.Arguments})
}

func (v *View) peek(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := v.record("peek"); err != nil { // want `tool "peek" is annotated read-only but writes a file \(gateway.View.record\)`
		return nil, err
	}
	return v.Up.CallTool(ctx, &mcp.CallToolParams{Name: "status", Arguments: req.Params.Arguments})
}

// record appends the name of a tool called to the journal.
func (v *View) record(name string) error {
	f, err := os.OpenFile(v.Journal, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = f.WriteString(name + "\n")
	return err
}
