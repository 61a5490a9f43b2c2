package mcpgo

import (
	"context"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var (
	closureWriteTool = mcp.NewTool("closure_write", mcp.WithString("name"))
	closureIdemTool  = mcp.NewTool("closure_idem", mcp.WithIdempotentHintAnnotation(true))
	closureReadTool  = mcp.NewTool("closure_read", mcp.WithReadOnlyHintAnnotation(true))
)

func writeHandler(path string) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, led.Append(path, 1) // want `tool "closure_write" is not idempotent but writes a file`
	}
}

func readHandler(path string) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		b, err := os.ReadFile(path)
		return mcp.NewToolResultText(string(b)), err
	}
}

// RegisterClosure registers through a local function literal: each call
// of it is a registration of its own, reported at the handler it gives.
func RegisterClosure(s *server.MCPServer, write bool) {
	addTool := func(tool mcp.Tool, handler server.ToolHandlerFunc) {
		if !write && tool.Annotations.ReadOnlyHint != nil && !*tool.Annotations.ReadOnlyHint {
			return
		}
		s.AddTool(tool, handler)
	}
	addTool(closureWriteTool, writeHandler("ledger"))
	addTool(closureIdemTool, writeHandler("ledger")) // ok: annotated idempotent
	addTool(closureReadTool, readHandler("ledger"))  // ok: reads
}
