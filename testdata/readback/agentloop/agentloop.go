// Package agentloop runs the agent's tools and retries them; it sees the
// MCP implementation of the Tool interface through its import.
package agentloop

import (
	"context"
	"time"

	"example.com/readback/agenttool"
	_ "example.com/readback/mcptool"
)

// RunTool retries whichever tool it was given: the MCP one calls a
// remote tool again after a timeout.
func RunTool(ctx context.Context, t agenttool.Tool, input string) (string, error) {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var out string
		out, err = t.Run(ctx, input) // want `agenttool.Tool.Run \(implemented by mcptool.RemoteTool.Run, which calls CallTool\) is sent again by this loop`
		if err == nil {
			return out, nil
		}
		time.Sleep(time.Second)
	}
	return "", err
}

// RunOnce calls the tool once.
func RunOnce(ctx context.Context, t agenttool.Tool, input string) (string, error) {
	return t.Run(ctx, input) // ok: one attempt
}

// Formatter has only a Run method in common with mcptool.Tool, whose
// package does not know this one: no evidence that a formatter is a tool.
type Formatter interface {
	Run(ctx context.Context, input string) (string, error)
}

// Format retries a formatter.
func Format(ctx context.Context, f Formatter, s string) (string, error) {
	for {
		out, err := f.Run(ctx, s) // ok: no implementation made for Formatter calls a tool
		if err == nil {
			return out, nil
		}
	}
}

// Handler is an interface no tool-calling method implements.
type Handler interface {
	Handle(ctx context.Context, id int) error
}

// Retry retries a Handler: mcptool.Status.Handle has another signature,
// so it does not implement Handler.
func Retry(ctx context.Context, h Handler) error {
	var err error
	for range 3 {
		if err = h.Handle(ctx, 1); err == nil { // ok: no implementation calls a tool
			return nil
		}
	}
	return err
}
