package mcpgo

import (
	"context"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// hintedTool appends the read-only hint to its options under a condition
// on its parameter, true in one branch and false in the other: a call
// with a constant argument decides which.
func hintedTool(name string, readOnly bool) mcp.Tool {
	var opts []mcp.ToolOption
	opts = append(opts, mcp.WithDescription(name))
	if readOnly {
		opts = append(opts, mcp.WithReadOnlyHintAnnotation(true))
	} else {
		opts = append(opts, mcp.WithReadOnlyHintAnnotation(false))
	}
	return mcp.NewTool(name, opts...)
}

func RegisterHinted(s *server.MCPServer) {
	s.AddTool(hintedTool("hinted_append", false), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, led.Append("hinted", 1) // want `tool "hinted_append" is not idempotent but writes a file`
	})
	// ok: annotated read-only (toolhints reports the write), not merely
	// not idempotent.
	s.AddTool(hintedTool("hinted_peek", true), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, led.Append("peek", 1)
	})
	// ok: read-only or not as the environment says: not known here.
	s.AddTool(hintedTool("hinted_env", os.Getenv("READ_ONLY") == "1"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, led.Append("env", 1)
	})
	// ok: the same choice made where the tool is registered.
	var opts []mcp.ToolOption
	if os.Getenv("READ_ONLY") == "1" {
		opts = append(opts, mcp.WithReadOnlyHintAnnotation(true))
	} else {
		opts = append(opts, mcp.WithReadOnlyHintAnnotation(false))
	}
	s.AddTool(mcp.NewTool("hinted_local", opts...), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, led.Append("local", 1)
	})
}

func readOnlyOpt() mcp.ToolOption { return mcp.WithReadOnlyHintAnnotation(true) }

// RegisterChosen chooses one option under a condition: one registration,
// whose read-only hint is not known.
func RegisterChosen(s *server.MCPServer) {
	opt := mcp.WithDescription("chosen")
	if os.Getenv("READ_ONLY") == "1" {
		opt = readOnlyOpt()
	}
	s.AddTool(mcp.NewTool("hinted_chosen", opt), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, led.Append("chosen", 1) // ok: read-only or not as the environment says
	})
}

// RegisterPatched sets a hint on the annotations mcp.NewTool made.
func RegisterPatched(s *server.MCPServer) {
	// ok for dedupekey: annotated idempotent after NewTool (toolhints
	// reports the append).
	put := mcp.NewTool("patched_put")
	put.Annotations.IdempotentHint = mcp.ToBoolPtr(true)
	s.AddTool(put, func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, led.Append("put", 1)
	})
	// Another hint set: still not idempotent.
	send := mcp.NewTool("patched_send", mcp.WithIdempotentHintAnnotation(true))
	send.Annotations.IdempotentHint = mcp.ToBoolPtr(false)
	s.AddTool(send, func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, led.Append("send", 1) // want `tool "patched_send" is not idempotent but writes a file`
	})
	// ok: idempotent or not as the environment says: not known here.
	env := mcp.NewTool("patched_env")
	if os.Getenv("IDEMPOTENT") == "1" {
		env.Annotations.IdempotentHint = mcp.ToBoolPtr(true)
	}
	s.AddTool(env, func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, led.Append("env", 1)
	})
}
