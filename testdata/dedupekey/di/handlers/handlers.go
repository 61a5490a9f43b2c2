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
