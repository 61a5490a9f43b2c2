// Package setterlib keeps tools in its server's slice through a setter
// method and registers them in another: what it registers is what its
// importers add.
package setterlib

import (
	"context"
	"os/exec"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Task runs one make target.
type Task struct{ Target string }

// Handle runs the target.
func (t *Task) Handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := exec.CommandContext(ctx, "make", t.Target).Run(); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("done"), nil
}

type entry struct {
	tool *mcp.Tool
	task *Task
}

// Server collects tools before it serves them.
type Server struct {
	srv     *server.MCPServer
	entries []*entry
}

// New returns a server.
func New(name string) *Server {
	return &Server{srv: server.NewMCPServer(name, "1.0.0")}
}

// Add keeps a tool and its task for Start.
func (s *Server) Add(tool *mcp.Tool, task *Task) {
	s.entries = append(s.entries, &entry{tool: tool, task: task})
}

// Start registers the tools added.
func (s *Server) Start() {
	for _, e := range s.entries {
		s.srv.AddTool(*e.tool, e.task.Handle)
	}
}
