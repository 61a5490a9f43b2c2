// Package handlers declares a handler that package server registers.
package handlers

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/dedupekey/di/model"
	"example.com/dedupekey/di/sched"
)

type In struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

type H struct{ Sc *sched.Scheduler }

func (h *H) Add(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	return nil, nil, h.Sc.AddTask(&model.Task{ID: in.ID, Name: in.Name})
}

// Copy reads the tasks through the store, then saves a copy: its first
// pending call is a read, its second the write main resolves.
func (h *H) Copy(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	if _, err := h.Sc.List(); err != nil {
		return nil, nil, err
	}
	return nil, nil, h.Sc.AddTask(&model.Task{ID: in.ID + "-copy", Name: in.Name})
}

// List only reads.
func (h *H) List(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	_, err := h.Sc.List()
	return nil, nil, err
}
