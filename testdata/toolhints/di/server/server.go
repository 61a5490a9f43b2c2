// Package server registers the tools; it does not import the store's
// implementation: under go vet its effects are not seen here, and the
// tools whose hints they contradict are reported where main wires it in.
package server

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/toolhints/di/model"
	"example.com/toolhints/di/tasks"
)

type TaskIn struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

type KeyedIn struct {
	Name string `json:"name"`
	Key  string `json:"idempotency_key"`
}

func Register(s *mcp.Server, st model.TaskStore) {
	svc := &tasks.Service{Store: st}
	// ok: a guarded transition (tasks.Service.Archive).
	mcp.AddTool(s, &mcp.Tool{Name: "archive_task", Annotations: &mcp.ToolAnnotations{IdempotentHint: true}}, func(ctx context.Context, req *mcp.CallToolRequest, in TaskIn) (*mcp.CallToolResult, any, error) {
		return nil, nil, svc.Archive(in.ID)
	})
	// An idempotent tool whose guard does not stop a retry.
	mcp.AddTool(s, &mcp.Tool{Name: "note_task", Annotations: &mcp.ToolAnnotations{IdempotentHint: true}}, func(ctx context.Context, req *mcp.CallToolRequest, in TaskIn) (*mcp.CallToolResult, any, error) { // related: annotated idempotent here; set IdempotentHint to false, or check a client-supplied key before the effect
		return nil, nil, svc.Note(in.ID) // related: the handler calls (*tasks.Service).Note here
	})
	// A read-only tool whose guarded transition still writes.
	mcp.AddTool(s, &mcp.Tool{Name: "archive_view", Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}}, func(ctx context.Context, req *mcp.CallToolRequest, in TaskIn) (*mcp.CallToolResult, any, error) { // related: annotated read-only here; set ReadOnlyHint to false, or move the write out of this tool
		return nil, nil, svc.Archive(in.ID) // related: the handler calls (*tasks.Service).Archive here
	})
	// ok: a read-only tool that reads.
	mcp.AddTool(s, &mcp.Tool{Name: "get_task", Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}}, func(ctx context.Context, req *mcp.CallToolRequest, in TaskIn) (*mcp.CallToolResult, any, error) {
		_, err := st.GetTask(in.ID)
		return nil, nil, err
	})
	// A read-only tool whose read also writes.
	mcp.AddTool(s, &mcp.Tool{Name: "view_task", Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}}, func(ctx context.Context, req *mcp.CallToolRequest, in TaskIn) (*mcp.CallToolResult, any, error) { // related: annotated read-only here; set ReadOnlyHint to false, or move the write out of this tool
		if _, err := st.GetTask(in.ID); err != nil {
			return nil, nil, err
		}
		return nil, nil, st.TouchTask(in.ID) // related: the handler calls model.TaskStore.TouchTask here
	})
	// An idempotent tool that inserts through a validating layer.
	v := &model.Validating{Next: st}
	mcp.AddTool(s, &mcp.Tool{Name: "put_task_checked", Annotations: &mcp.ToolAnnotations{IdempotentHint: true}}, func(ctx context.Context, req *mcp.CallToolRequest, in TaskIn) (*mcp.CallToolResult, any, error) { // related: annotated idempotent here; set IdempotentHint to false, or check a client-supplied key before the effect
		return nil, nil, v.AddTask(&model.Task{ID: in.ID, Name: in.Name}) // related: the handler calls (*model.Validating).AddTask here
	})
	// An idempotent tool that inserts.
	mcp.AddTool(s, &mcp.Tool{Name: "put_task", Annotations: &mcp.ToolAnnotations{IdempotentHint: true}}, func(ctx context.Context, req *mcp.CallToolRequest, in TaskIn) (*mcp.CallToolResult, any, error) { // related: annotated idempotent here; set IdempotentHint to false, or check a client-supplied key before the effect
		return nil, nil, st.AddTask(&model.Task{ID: in.ID, Name: in.Name}) // related: the handler calls model.TaskStore.AddTask here
	})
	// ok: the idempotent insert reads a client key first.
	mcp.AddTool(s, &mcp.Tool{Name: "put_task_keyed", Annotations: &mcp.ToolAnnotations{IdempotentHint: true}}, func(ctx context.Context, req *mcp.CallToolRequest, in KeyedIn) (*mcp.CallToolResult, any, error) {
		if in.Key == "" {
			return nil, nil, context.Canceled
		}
		return nil, nil, st.AddTask(&model.Task{ID: in.Key, Name: in.Name})
	})
}
