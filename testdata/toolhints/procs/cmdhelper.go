package procs

import (
	"context"
	"os/exec"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// goCmd builds a go command line from its words.
func goCmd(ctx context.Context, sub, pkg string) *exec.Cmd {
	return exec.CommandContext(ctx, "go", sub, pkg)
}

func fetchPackage(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	cmd := goCmd(ctx, "get", req.GetString("package", ""))
	return nil, cmd.Run() // want `tool "fetch_package" is annotated read-only but runs a process`
}

func listPackage(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	cmd := goCmd(ctx, "list", req.GetString("package", ""))
	out, err := cmd.Output()
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(string(out)), nil
}

// RegisterCmdHelper registers tools whose command a helper builds and
// the handler runs.
func RegisterCmdHelper(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("fetch_package", mcp.WithReadOnlyHintAnnotation(true)), fetchPackage)
	// ok: go list, a read.
	s.AddTool(mcp.NewTool("list_package", mcp.WithReadOnlyHintAnnotation(true)), listPackage)
}
