package mcpgo

import (
	"context"
	"os/exec"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Tools kept in the server's slice by a setter method and registered by
// a loop in another method: each call of the setter is one registration.

type taskHandler struct{ task string }

func (h *taskHandler) handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := exec.CommandContext(ctx, "rake", h.task).Run(); err != nil { // want `tool "task_build" is not idempotent but runs a process`
		return nil, err
	}
	return mcp.NewToolResultText("done"), nil
}

type taskEntry struct {
	tool    *mcp.Tool
	handler *taskHandler
}

type taskServer struct {
	srv     *server.MCPServer
	entries []*taskEntry
}

func (s *taskServer) add(tool *mcp.Tool, h *taskHandler) {
	s.entries = append(s.entries, &taskEntry{tool: tool, handler: h})
}

func (s *taskServer) start() {
	for _, e := range s.entries {
		s.srv.AddTool(*e.tool, e.handler.handle)
	}
}

func RunTasks(srv *server.MCPServer) {
	s := &taskServer{srv: srv}
	build := mcp.NewTool("task_build")
	s.add(&build, &taskHandler{task: "build"})
	// ok: annotated idempotent.
	sync := mcp.NewTool("task_sync", mcp.WithIdempotentHintAnnotation(true))
	s.add(&sync, &taskHandler{task: "sync"})
	s.start()
}
