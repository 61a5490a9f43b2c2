package procs

import (
	"context"
	"os"
	"path/filepath"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// writeIndex writes into the directory it is given: whether that is a
// write depends on the caller's directory.
func writeIndex(dir string) error {
	return os.WriteFile(filepath.Join(dir, "index.json"), nil, 0o644)
}

// writeReport does the same for another caller.
func writeReport(dir string) error {
	return os.WriteFile(filepath.Join(dir, "report.json"), nil, 0o644)
}

func cacheIndex(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return nil, err
	}
	return nil, writeIndex(dir) // ok: the cache directory
}

func exportReport(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, writeReport(req.GetString("dir", "/srv/reports")) // want `tool "export_report" is annotated read-only but writes a file \(procs.writeReport\)`
}

func RegisterTempHelpers(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("cache_index", mcp.WithReadOnlyHintAnnotation(true)), cacheIndex)
	s.AddTool(mcp.NewTool("export_report", mcp.WithReadOnlyHintAnnotation(true)), exportReport)
}
