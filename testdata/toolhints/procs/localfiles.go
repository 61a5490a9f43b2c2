package procs

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Local file commands converge: a repeat of mkdir -p, cp or chmod leaves
// the same files, or fails. An idempotent hint on them holds.

func generateDocs(ctx context.Context, root string) error {
	dir := filepath.Join(root, "docs", "generated")
	if err := exec.CommandContext(ctx, "mkdir", "-p", dir).Run(); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "README.md"), []byte("# docs\n"), 0o644)
}

func RegisterLocalFiles(s *server.MCPServer, root string) {
	// ok: mkdir -p and an overwrite, annotated idempotent.
	s.AddTool(mcp.NewTool("docs_generate", mcp.WithIdempotentHintAnnotation(true)), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if err := generateDocs(ctx, root); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("generated"), nil
	})
	s.AddTool(mcp.NewTool("docs_publish", mcp.WithIdempotentHintAnnotation(true)), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if err := exec.CommandContext(ctx, "docctl", "publish", root).Run(); err != nil { // want `tool "docs_publish" is annotated idempotent but runs a process`
			return nil, err
		}
		return mcp.NewToolResultText("published"), nil
	})
}
