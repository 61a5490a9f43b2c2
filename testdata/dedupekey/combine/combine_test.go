package combine

import (
	"context"
	"os"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// A tool a test registers on its own server is not one clients retry
// against: not judged (the program's registrations are).
func TestServer(t *testing.T) {
	s := server.NewMCPServer("test", "1.0")
	Register(s)
	s.AddTool(mcp.NewTool("test_write"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, os.WriteFile(t.TempDir()+"/x", nil, 0o644)
	})
	s.AddTool(mcp.NewTool("test_append"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		f, err := os.OpenFile("/var/log/test", os.O_APPEND|os.O_WRONLY, 0o644)
		if err != nil {
			return nil, err
		}
		return nil, f.Close()
	})
}
