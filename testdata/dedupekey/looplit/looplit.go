// Package looplit registers a table's tools through a function literal
// written in the loop, which logs and then calls the row's handler: each
// tool is judged by its own row's handler.
package looplit

import (
	"context"
	"log"
	"net/http"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type entry struct {
	tool mcp.Tool
	run  server.ToolHandlerFunc
}

var entries = []entry{
	{tool: mcp.NewTool("append_note"), run: appendNote},
	{tool: mcp.NewTool("read_note", mcp.WithReadOnlyHintAnnotation(true)), run: readNote},
}

func appendNote(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	f, err := os.OpenFile("notes.txt", os.O_APPEND|os.O_WRONLY, 0o644) // want `tool "append_note" is not idempotent but writes a file`
	if err != nil {
		return nil, err
	}
	defer f.Close()
	_, err = f.WriteString(req.GetString("text", ""))
	return nil, err
}

func readNote(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	b, err := os.ReadFile("notes.txt")
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(string(b)), nil
}

// Register adds every row's tool.
func Register(s *server.MCPServer) {
	for _, e := range entries {
		s.AddTool(e.tool, func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			log.Printf("tool %s", e.tool.Name)
			return e.run(ctx, req)
		})
	}
}

// endpoint is one REST operation a tool calls: its method and path come
// from the row, the request is built by one literal for every row.
type endpoint struct {
	name, method, path string
}

// Each tool is judged by its own row, also through the function that
// loops over two tables: list_orders GETs and is silent; create_order
// and the two invoice tools POST, one finding for the three.
var endpoints = []endpoint{
	{"create_order", "POST", "/orders"},
	{"list_orders", "GET", "/orders"},
}

// Every row POSTs: each tool sends a POST.
var writeEndpoints = []endpoint{
	{"create_invoice", "POST", "/invoices"},
	{"send_invoice", "POST", "/invoices/send"},
}

// RegisterREST adds a tool per endpoint.
func RegisterREST(s *server.MCPServer, base string) {
	registerEndpoints(s, base, endpoints)
	registerEndpoints(s, base, writeEndpoints)
}

func registerEndpoints(s *server.MCPServer, base string, eps []endpoint) {
	for _, ep := range eps {
		s.AddTool(mcp.NewTool(ep.name), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			r, err := http.NewRequestWithContext(ctx, ep.method, base+ep.path, nil)
			if err != nil {
				return nil, err
			}
			resp, err := http.DefaultClient.Do(r) // want `tool "create_invoice" is not idempotent but sends an HTTP POST .*also for tools "create_order" and "send_invoice"`
			if err != nil {
				return nil, err
			}
			resp.Body.Close()
			return mcp.NewToolResultText(resp.Status), nil
		})
	}
}

// fileOp is a tool whose literal calls the row's own operation, a
// function of another shape than a handler's: each tool commits what
// its row's function does.
type fileOp struct {
	name string
	run  func(path string) error
}

var fileOps = []fileOp{
	{"log_line", appendLine},
	{"stat_file", statFile},
}

func appendLine(path string) error {
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	return f.Close()
}

func statFile(path string) error {
	_, err := os.Stat(path)
	return err
}

// RegisterFiles adds a tool per file operation.
func RegisterFiles(s *server.MCPServer) {
	for _, op := range fileOps {
		s.AddTool(mcp.NewTool(op.name), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return nil, op.run(req.GetString("path", "")) // want `tool "log_line" is not idempotent but writes a file \(looplit.appendLine\)`
		})
	}
}
