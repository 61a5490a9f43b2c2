// Package procs registers tools that run the client's command lines.
package procs

import (
	"context"
	"os/exec"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// run runs a command line its callers choose.
func run(ctx context.Context, name string, args ...string) (string, error) {
	out, err := exec.CommandContext(ctx, name, args...).CombinedOutput()
	return string(out), err
}

func shell(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	out, err := run(ctx, "bash", "-c", req.GetString("script", "")) // want `tool "shell" is not idempotent but runs a process \(procs.run\)`
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(out), nil
}

func kubectl(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	out, err := run(ctx, "kubectl", strings.Fields(req.GetString("args", ""))...) // want `tool "kubectl" is not idempotent but runs a process \(procs.run\)`
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(out), nil
}

func describe(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	out, err := run(ctx, "kubectl", "describe", "pod", req.GetString("name", ""))
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(out), nil
}

func deletePod(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	out, err := run(ctx, "kubectl", "delete", "pod", req.GetString("name", "")) // want `tool "delete_pod" is not marked idempotent and runs a process \(procs.run\)`
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(out), nil
}

func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("delete_pod"), deletePod)
	s.AddTool(mcp.NewTool("shell"), shell)
	s.AddTool(mcp.NewTool("kubectl"), kubectl)
	// ok: kubectl describe, whatever the pod.
	s.AddTool(mcp.NewTool("describe_pod"), describe)
}
