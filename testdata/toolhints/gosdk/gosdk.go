// Package gosdk registers tools with the official go-sdk.
package gosdk

import (
	"context"
	"os"
	"os/exec"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/toolhints/remote"
	"example.com/toolhints/rpcapi"
	"example.com/toolhints/store"
)

type In struct {
	Account string `json:"account"`
	Key     string `json:"idempotency_key"`
}

var led = &store.Ledger{Path: "ledger"}

var gql = &rpcapi.GQL{URL: "http://example.com/graphql"}

var ro = &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true}

func Register(s *mcp.Server, dynamic bool) {
	// A read-only tool that appends to a file.
	mcp.AddTool(s, &mcp.Tool{Name: "get_balance", Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		if err := led.Append(in.Account); err != nil { // want `tool "get_balance" is annotated read-only but writes a file \(store.Ledger.Append\)`
			return nil, nil, err
		}
		return &mcp.CallToolResult{}, nil, nil
	})

	// A read-only tool that overwrites a file: still a write.
	mcp.AddTool(s, &mcp.Tool{Name: "get_config", Annotations: ro}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, os.WriteFile("config", nil, 0o644) // want `tool "get_config" is annotated read-only but writes a file \(os.WriteFile\)`
	})

	// A read-only tool that PUTs.
	mcp.AddTool(s, &mcp.Tool{Name: "get_remote", Annotations: ro}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, store.Put(ctx, "http://example.com/x") // want `tool "get_remote" is annotated read-only but sends an HTTP [A-Z]+ \(store.Put\)`
	})

	// ok: a read-only tool that POSTs a query to an RPC endpoint (the Kiali
	// trap): the client POSTs everything, so its POST is no evidence of a
	// write.
	mcp.AddTool(s, &mcp.Tool{Name: "get_metrics", Annotations: ro}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, rpcapi.Call(ctx, "http://kiali/api/get_metrics")
	})

	// ok: a read-only tool whose REST client POSTs a query: a read by
	// design (store.Query).
	mcp.AddTool(s, &mcp.Tool{Name: "get_query", Annotations: ro}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, store.Query(ctx, "http://example.com/q")
	})

	// A read-only tool whose REST client POSTs: a write.
	mcp.AddTool(s, &mcp.Tool{Name: "post_status", Annotations: ro}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, store.Send(ctx, "http://example.com/q") // want `tool "post_status" is annotated read-only but sends an HTTP [A-Z]+ \(store.Send\)`
	})
	// ok: the same POST, from a tool whose name says it reads, as its
	// hint does (an API that takes its queries in a POST body).
	mcp.AddTool(s, &mcp.Tool{Name: "get_post", Annotations: ro}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, store.Send(ctx, "http://example.com/q")
	})
	// ok: a lookup built by an unexported helper: its caller's name says
	// it reads.
	mcp.AddTool(s, &mcp.Tool{Name: "get_lookup", Annotations: ro}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, store.Lookup(ctx, "http://example.com/q")
	})
	mcp.AddTool(s, &mcp.Tool{Name: "get_submit", Annotations: ro}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, store.Submit(ctx, "http://example.com/q") // want `tool "get_submit" is annotated read-only but sends an HTTP POST \(store.Submit\)`
	})
	// ok: a POST built by a builder named by its request, from a tool
	// named like a read.
	mcp.AddTool(s, &mcp.Tool{Name: "get_traces", Annotations: ro}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, store.Traces(ctx, "http://example.com/q")
	})
	mcp.AddTool(s, &mcp.Tool{Name: "get_item", Annotations: ro}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, store.GetItem(ctx, "http://example.com/q") // want `tool "get_item" is annotated read-only but sends an HTTP POST \(store.GetItem\)`
	})

	// A read-only tool that sends a GraphQL mutation: a POST through a
	// function named like a mutation.
	mcp.AddTool(s, &mcp.Tool{Name: "get_issue", Annotations: ro}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, gql.Mutate(ctx, "addComment") // want `tool "get_issue" is annotated read-only but sends an HTTP [A-Z]+ \(rpcapi.GQL.Mutate\)`
	})

	// ok: a read-only tool that POSTs through a generic RPC method.
	mcp.AddTool(s, &mcp.Tool{Name: "get_graph", Annotations: ro}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, gql.Execute(ctx, "query { graph }")
	})

	// ok: an idempotent tool that sends a GraphQL mutation: a POST does not
	// say whether the mutation is idempotent (updateIssue is, createIssue
	// is not).
	mcp.AddTool(s, &mcp.Tool{Name: "assign", Annotations: &mcp.ToolAnnotations{IdempotentHint: true}}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, gql.Mutate(ctx, "updateIssue")
	})

	// ok: a read-only tool that reads.
	mcp.AddTool(s, &mcp.Tool{Name: "show", Annotations: ro}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		_, err := store.Read("ledger")
		return nil, nil, err
	})

	// A handler in another package: known through its facts.
	mcp.AddTool(s, &mcp.Tool{Name: "log", Annotations: ro}, remote.Log)          // want `tool "log" is annotated read-only but writes a file \(remote.Log\)`
	mcp.AddTool(s, &mcp.Tool{Name: "show_remote", Annotations: ro}, remote.Show) // ok: reads
	// ok: idempotent, and its handler says so where it is declared.
	mcp.AddTool(s, &mcp.Tool{Name: "record_remote", Annotations: &mcp.ToolAnnotations{IdempotentHint: true}}, remote.Record)
	mcp.AddTool(s, &mcp.Tool{Name: "record_remote_plain", Annotations: &mcp.ToolAnnotations{IdempotentHint: true}}, remote.RecordPlain) // want `tool "record_remote_plain" is annotated idempotent`

	// An idempotent tool that appends.
	mcp.AddTool(s, &mcp.Tool{Name: "record", Annotations: &mcp.ToolAnnotations{IdempotentHint: true}}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, led.Append(in.Account) // want `tool "record" is annotated idempotent but writes a file \(store.Ledger.Append\)`
	})

	// An idempotent tool that runs a shell.
	mcp.AddTool(s, &mcp.Tool{Name: "sync", Annotations: &mcp.ToolAnnotations{IdempotentHint: true}}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, exec.CommandContext(ctx, "bash", "-c", in.Account).Run() // want `tool "sync" is annotated idempotent but runs a process`
	})

	// ok: an idempotent tool that overwrites.
	mcp.AddTool(s, &mcp.Tool{Name: "set_config", Annotations: &mcp.ToolAnnotations{IdempotentHint: true}}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, led.Save([]byte(in.Account))
	})

	// ok: an idempotent tool that reads a dedupe key before appending.
	mcp.AddTool(s, &mcp.Tool{Name: "record_keyed", Annotations: &mcp.ToolAnnotations{IdempotentHint: true}}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		if in.Key == "" {
			return nil, nil, os.ErrInvalid
		}
		return nil, nil, led.Append(in.Account)
	})

	// ok: the append dedupes on the key it is given.
	mcp.AddTool(s, &mcp.Tool{Name: "record_once", Annotations: &mcp.ToolAnnotations{IdempotentHint: true}}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, led.AppendOnce(in.Key, in.Account)
	})

	// ok: an idempotent tool that POSTs to an RPC API (RPC APIs POST
	// idempotent operations too).
	mcp.AddTool(s, &mcp.Tool{Name: "refresh", Annotations: &mcp.ToolAnnotations{IdempotentHint: true}}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, rpcapi.Call(ctx, "http://example.com/refresh")
	})

	// An idempotent tool whose REST client POSTs: not idempotent by nature.
	mcp.AddTool(s, &mcp.Tool{Name: "resend", Annotations: &mcp.ToolAnnotations{IdempotentHint: true}}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, store.Send(ctx, "http://example.com/resend") // want `tool "resend" is annotated idempotent but sends an HTTP [A-Z]+ \(store.Send\)`
	})

	// ok: the user asserts the handler dedupes.
	//mcpvet:idempotent the ledger service drops repeated lines
	mcp.AddTool(s, &mcp.Tool{Name: "record_asserted", Annotations: &mcp.ToolAnnotations{IdempotentHint: true}}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, led.Append(in.Account)
	})

	// ok: suppressed.
	mcp.AddTool(s, &mcp.Tool{Name: "touch", Annotations: &mcp.ToolAnnotations{IdempotentHint: true}}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, led.Append(in.Account) //mcpvet:ignore toolhints the ledger is a scratch log
	})

	// ok: not annotated: dedupekey's business, not this check's.
	mcp.AddTool(s, &mcp.Tool{Name: "charge"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, led.Append(in.Account)
	})

	// ok: a hint that is not constant is unknown.
	mcp.AddTool(s, &mcp.Tool{Name: "maybe", Annotations: &mcp.ToolAnnotations{ReadOnlyHint: !dynamic}}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, led.Append(in.Account)
	})
}
