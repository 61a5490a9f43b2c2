package gateway

import (
	"context"
	"os"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/tools/gateway/relay"
)

// Proxy registers every tool the upstream session lists, with a handler
// that passes each call on.
func Proxy(ctx context.Context, up *mcp.ClientSession, s *mcp.Server) error { // want `^calltool$`
	for tool, err := range up.Tools(ctx, nil) {
		if err != nil {
			return err
		}
		// A forwarder: the tool comes from the session's iterator.
		s.AddTool(tool, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want "forwarder"
			return up.CallTool(ctx, &mcp.CallToolParams{Name: req.Params.Name, Arguments: req.Params.Arguments})
		})
	}
	return nil
}

// Prefixed registers the upstream tools under a prefix.
type Prefixed struct {
	Prefix string
	Up     *mcp.ClientSession
}

func (p *Prefixed) Register(ctx context.Context, s *mcp.Server) error {
	res, err := p.Up.ListTools(ctx, nil)
	if err != nil {
		return err
	}
	for _, t := range res.Tools {
		// A forwarder: the name is the upstream tool's with a prefix;
		// the handler passes the request on through relay.Call.
		name := p.Prefix + t.Name
		s.AddTool(&mcp.Tool{Name: name, Description: t.Description, InputSchema: t.InputSchema}, p.call) // want "forwarder"
	}
	return nil
}

// call passes the call on through another package's function.
func (p *Prefixed) call(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `^calltool\(forwards=1\)$`
	return relay.Call(ctx, p.Up, strings.TrimPrefix(req.Params.Name, p.Prefix), req.Params.Arguments)
}

// Files registers a tool per file of a directory, read at run time.
func Files(s *mcp.Server, dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		path := dir + "/" + e.Name()
		// ok: not a forwarder: its name is made at run time, and its
		// handler reads a file.
		s.AddTool(&mcp.Tool{Name: "read_" + e.Name()}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			b, err := os.ReadFile(path)
			if err != nil {
				return nil, err
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(b)}}}, nil
		})
	}
	return nil
}
