// Package server registers the tools; it imports neither the store's nor
// the notifier's implementation: under go vet their effects are not seen
// here, and the tools are reported where main wires them in.
package server

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/dedupekey/di/handlers"
	"example.com/dedupekey/di/model"
	"example.com/dedupekey/di/sched"
)

type TaskIn struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

type KeyedIn struct {
	Name string `json:"name"`
	Key  string `json:"idempotency_key"`
}

func Register(s *mcp.Server, sc *sched.Scheduler, n model.Notifier) {
	mcp.AddTool(s, &mcp.Tool{Name: "add_task"}, func(ctx context.Context, req *mcp.CallToolRequest, in TaskIn) (*mcp.CallToolResult, any, error) { // related: tool registered here; check a client-supplied idempotency key before the effect, or annotate IdempotentHint: true if a repeat is harmless
		return nil, nil, sc.AddTask(&model.Task{ID: in.ID, Name: in.Name}) // related: the handler calls (*sched.Scheduler).AddTask here
	})
	// A handler of another package.
	mcp.AddTool(s, &mcp.Tool{Name: "add_task_h"}, // related: tool registered here; check a client-supplied idempotency key before the effect, or annotate IdempotentHint: true if a repeat is harmless
		(&handlers.H{Sc: sc}).Add) // related: the handler (*handlers.H).Add calls (*sched.Scheduler).AddTask
	// A handler of another package that reads through the store first,
	// then writes: the write is its second pending call.
	mcp.AddTool(s, &mcp.Tool{Name: "copy_task_h"}, // related: tool registered here; check a client-supplied idempotency key before the effect, or annotate IdempotentHint: true if a repeat is harmless
		(&handlers.H{Sc: sc}).Copy) // related: the handler (*handlers.H).Copy calls (*sched.Scheduler).List
	// ok: a handler of another package that only reads.
	mcp.AddTool(s, &mcp.Tool{Name: "list_task_h"}, (&handlers.H{Sc: sc}).List)
	// A read through the store first, then the write.
	mcp.AddTool(s, &mcp.Tool{Name: "copy_task"}, func(ctx context.Context, req *mcp.CallToolRequest, in TaskIn) (*mcp.CallToolResult, any, error) { // related: tool registered here; check a client-supplied idempotency key before the effect, or annotate IdempotentHint: true if a repeat is harmless
		if _, err := sc.List(); err != nil {
			return nil, nil, err
		}
		return nil, nil, sc.AddTask(&model.Task{ID: in.ID + "-copy", Name: in.Name}) // related: the handler calls (*sched.Scheduler).AddTask here
	})
	// ok: the store's read.
	mcp.AddTool(s, &mcp.Tool{Name: "list_tasks"}, func(ctx context.Context, req *mcp.CallToolRequest, in TaskIn) (*mcp.CallToolResult, any, error) {
		_, err := sc.List()
		return nil, nil, err
	})
	// ok: main sees two notifiers, one of them in memory.
	mcp.AddTool(s, &mcp.Tool{Name: "notify"}, func(ctx context.Context, req *mcp.CallToolRequest, in TaskIn) (*mcp.CallToolResult, any, error) {
		return nil, nil, n.Notify(in.Name)
	})
	// ok: annotated idempotent.
	mcp.AddTool(s, &mcp.Tool{Name: "put_task", Annotations: &mcp.ToolAnnotations{IdempotentHint: true}}, func(ctx context.Context, req *mcp.CallToolRequest, in TaskIn) (*mcp.CallToolResult, any, error) {
		return nil, nil, sc.AddTask(&model.Task{ID: in.ID, Name: in.Name})
	})
	// ok: the handler reads a dedupe key.
	mcp.AddTool(s, &mcp.Tool{Name: "add_task_keyed"}, func(ctx context.Context, req *mcp.CallToolRequest, in KeyedIn) (*mcp.CallToolResult, any, error) {
		if in.Key == "" {
			return nil, nil, context.Canceled
		}
		return nil, nil, sc.AddTask(&model.Task{ID: in.Key, Name: in.Name})
	})
}

// RegisterDirect registers a tool whose handler calls the store's
// interface itself. The server's tests construct the real store, which
// only they import: in the test variant the call stays as unknown as in
// the package, and save_task is reported once, where main wires it.
func RegisterDirect(s *mcp.Server, st model.TaskStore) {
	mcp.AddTool(s, &mcp.Tool{Name: "save_task"}, func(ctx context.Context, req *mcp.CallToolRequest, in TaskIn) (*mcp.CallToolResult, any, error) { // related: tool registered here; check a client-supplied idempotency key before the effect, or annotate IdempotentHint: true if a repeat is harmless
		return nil, nil, st.SaveTask(&model.Task{ID: in.ID, Name: in.Name}) // related: the handler calls model.TaskStore.SaveTask here
	})
}

// Serve runs the server on stdio.
func Serve(ctx context.Context, s *mcp.Server) error {
	return s.Run(ctx, &mcp.StdioTransport{})
}
