// Package trail shows the related positions of toolhints' findings: the
// annotation, and every call from the handler's effect to the write, each
// marked with a "// related:" comment that the test matches.
package trail

import (
	"context"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct {
	Name string `json:"name"`
}

func Register(s *mcp.Server) {
	ro := &mcp.ToolAnnotations{ReadOnlyHint: true} // related: annotated read-only here; set ReadOnlyHint to false, or move the write out of this tool
	mcp.AddTool(s, &mcp.Tool{Name: "get_note", Annotations: ro}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, touch(in.Name) // want `tool "get_note" is annotated read-only but writes a file \(trail.touch\)`
	})
	// The same annotation on a handler that only reads: no finding.
	mcp.AddTool(s, &mcp.Tool{Name: "read_note", Annotations: ro}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		_, err := os.ReadFile(in.Name)
		return nil, nil, err
	})
}

func touch(name string) error { return stamp(name) } // related: calls trail.stamp

func stamp(name string) error {
	return os.WriteFile(name+".stamp", nil, 0o644) // related: commits the file write here: os.WriteFile
}
