// Package atomic registers tools that write a file through a temporary
// file renamed onto its destination (an atomic overwrite) and that move a
// file (a rename a repeat finds gone).
package atomic

import (
	"context"
	"os"
	"path/filepath"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct {
	Path string `json:"path"`
	To   string `json:"to"`
}

func save(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".save-*")
	if err != nil {
		return err
	}
	name := tmp.Name()
	if _, err := tmp.Write(data); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(name, path)
}

func Register(s *mcp.Server) {
	// An atomic overwrite: idempotent by nature, a label fix.
	mcp.AddTool(s, &mcp.Tool{Name: "save_trace"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, save(in.Path, nil) // want `tool "save_trace" is not marked idempotent`
	})

	// A move: a repeat finds the source gone and changes nothing.
	mcp.AddTool(s, &mcp.Tool{Name: "move_file"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, os.Rename(in.Path, in.To) // want `tool "move_file" is not marked idempotent and writes a file \(os.Rename\)`
	})

	// ok: annotated idempotent, an overwrite.
	mcp.AddTool(s, &mcp.Tool{Name: "save_config", Annotations: &mcp.ToolAnnotations{IdempotentHint: true}}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, save(in.Path, nil)
	})
}
