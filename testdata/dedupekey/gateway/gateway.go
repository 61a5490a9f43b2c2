// Package gateway registers the tools of an upstream server as its own,
// with mcp-go: forwarders, whose hints are the upstream tools'. dedupekey
// does not judge them, even where the handler writes an audit record of
// its own before it passes the call on.
package gateway

import (
	"context"
	"encoding/json"
	"os"
	"strings"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type Audited struct {
	up      *client.Client
	journal string
}

func (a *Audited) Register(ctx context.Context, s *server.MCPServer) error {
	res, err := a.up.ListTools(ctx, mcp.ListToolsRequest{})
	if err != nil {
		return err
	}
	for _, tool := range res.Tools {
		schema, err := json.Marshal(tool.InputSchema)
		if err != nil {
			return err
		}
		// ok: a forwarder: NewToolWithRawSchema's hints (not idempotent)
		// stand for the upstream tool's, which the gateway does not know.
		s.AddTool(mcp.NewToolWithRawSchema("up_"+tool.Name, tool.Description, schema), a.forward)
		// ok: a forwarder registered by a helper given the listed tool.
		a.registerUp(s, tool, schema)
	}
	// A helper of the same shape given a tool of the gateway's own: not
	// a forwarder.
	a.registerOwn(s, "audit")
	// A tool of its own (a constant name) that also calls an upstream
	// tool: its hints are its own.
	s.AddTool(mcp.NewTool("relay", mcp.WithString("tool")), a.relay)
	return nil
}

func (a *Audited) forward(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := a.record(req.Params.Name); err != nil { // ok: the handler of a forwarder
		return nil, err
	}
	req.Params.Name = strings.TrimPrefix(req.Params.Name, "up_")
	return a.up.CallTool(ctx, req)
}

func (a *Audited) registerUp(s *server.MCPServer, tool mcp.Tool, schema []byte) {
	s.AddTool(mcp.NewToolWithRawSchema("mirror_"+tool.Name, tool.Description, schema), a.forwardMirror)
}

func (a *Audited) registerOwn(s *server.MCPServer, name string) {
	s.AddTool(mcp.NewTool("own_"+name), a.forwardOwn)
}

func (a *Audited) forwardMirror(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := a.record(req.Params.Name); err != nil { // ok: the handler of a forwarder
		return nil, err
	}
	req.Params.Name = strings.TrimPrefix(req.Params.Name, "mirror_")
	return a.up.CallTool(ctx, req)
}

func (a *Audited) forwardOwn(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := a.record(req.Params.Name); err != nil { // want `tool "own_audit" is not idempotent but writes a file`
		return nil, err
	}
	req.Params.Name = "audit"
	return a.up.CallTool(ctx, req)
}

func (a *Audited) relay(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("tool", "")
	if err := a.record(name); err != nil { // want `tool "relay" is not idempotent but writes a file \(gateway.Audited.record\)`
		return nil, err
	}
	return a.up.CallTool(ctx, mcp.CallToolRequest{Params: mcp.CallToolParams{Name: name, Arguments: req.GetArguments()}})
}

// record appends the name of a tool called to the journal.
func (a *Audited) record(name string) error {
	f, err := os.OpenFile(a.journal, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = f.WriteString(name + "\n")
	return err
}
