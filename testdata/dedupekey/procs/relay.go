package procs

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// A load balancer's runtime API, a text protocol sent through socat: the
// command text decides whether a tool writes.

type lb struct{ socket string }

func (c *lb) command(command string) (string, error) {
	bin, err := exec.LookPath("socat")
	if err != nil {
		return "", err
	}
	cmd := exec.Command(bin, "unix-connect:"+c.socket, "stdio")
	cmd.Stdin = bytes.NewBufferString(command + "\n")
	out, err := cmd.Output()
	return string(out), err
}

func (c *lb) showStat(filter string) (string, error) {
	cmd := "show stat"
	if filter != "" {
		cmd = fmt.Sprintf("%s %s", cmd, filter)
	}
	return c.command(cmd)
}

func (c *lb) toggle(action, check, server string) error {
	_, err := c.command(fmt.Sprintf("%s %s %s", action, check, server))
	return err
}

func (c *lb) RegisterRuntime(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("enable_health"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if err := c.toggle("enable", "health", req.GetString("server", "")); err != nil { // want `tool "enable_health" is not marked idempotent and runs a process`
			return nil, err
		}
		return mcp.NewToolResultText("ok"), nil
	})
	// ok: show stat, whatever the filter.
	s.AddTool(mcp.NewTool("show_stat"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		out, err := c.showStat(req.GetString("filter", ""))
		if err != nil {
			return nil, err
		}
		return mcp.NewToolResultText(out), nil
	})
	s.AddTool(mcp.NewTool("disable_server"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		out, err := c.command(fmt.Sprintf("set server %s state maint", req.GetString("server", ""))) // want `tool "disable_server" is not marked idempotent and runs a process`
		if err != nil {
			return nil, err
		}
		return mcp.NewToolResultText(out), nil
	})
	s.AddTool(mcp.NewTool("add_server"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		out, err := c.command(fmt.Sprintf("add server %s %s", req.GetString("server", ""), req.GetString("addr", ""))) // want `tool "add_server" is not idempotent but runs a process`
		if err != nil {
			return nil, err
		}
		return mcp.NewToolResultText(out), nil
	})
}
