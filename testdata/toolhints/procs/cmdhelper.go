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

// run runs a command its caller built.
func run(cmd *exec.Cmd) (*mcp.CallToolResult, error) {
	out, err := cmd.Output()
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(string(out)), nil
}

func installTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return run(exec.CommandContext(ctx, "go", "install", req.GetString("package", ""))) // want `tool "install_tool" is annotated read-only but runs a process`
}

func whyModule(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	cmd := exec.CommandContext(ctx, "go", "mod", "why", req.GetString("package", ""))
	return run(cmd)
}

// RegisterCmdHelper registers tools whose command a helper builds and
// the handler runs.
func RegisterCmdHelper(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("fetch_package", mcp.WithReadOnlyHintAnnotation(true)), fetchPackage)
	// ok: go list, a read.
	s.AddTool(mcp.NewTool("list_package", mcp.WithReadOnlyHintAnnotation(true)), listPackage)
	s.AddTool(mcp.NewTool("install_tool", mcp.WithReadOnlyHintAnnotation(true)), installTool)
	// ok: go mod why, a read, run by the same helper.
	s.AddTool(mcp.NewTool("why_module", mcp.WithReadOnlyHintAnnotation(true)), whyModule)
}
