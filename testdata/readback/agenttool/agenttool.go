// Package agenttool is an agent framework's tool abstraction: it knows
// nothing of MCP.
package agenttool

import "context"

// Tool is one tool the agent may call.
type Tool interface {
	Name() string
	Run(ctx context.Context, input string) (string, error)
}

// Echo is a built-in tool that calls no MCP server.
type Echo struct{}

func (Echo) Name() string { return "echo" }

func (Echo) Run(ctx context.Context, input string) (string, error) { return input, nil }
