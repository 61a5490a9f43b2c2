// Package agentwrap calls the agent's tools through the interface: its
// functions are tool callers because an implementation it imports is.
package agentwrap

import (
	"context"

	"example.com/readback/agenttool"
	_ "example.com/readback/mcptool"
)

// Invoke calls any tool.
func Invoke(ctx context.Context, t agenttool.Tool, input string) (string, error) { // want Invoke:"calltool"
	return t.Run(ctx, input)
}

// Named calls the tool's name only.
func Named(t agenttool.Tool) string {
	return t.Name()
}
