// Package server registers tools with trpc-mcp-go.
package server

import (
	"context"
	"database/sql"
	"os"

	mcp "trpc.group/trpc-go/trpc-mcp-go"
)

var db *sql.DB

func charge(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	_, err := db.ExecContext(ctx, "INSERT INTO charges(account) VALUES (?)", req.Params.Arguments["account"]) // want `tool "charge" is not idempotent but writes to an SQL database \(sql.DB.ExecContext\)`
	return mcp.NewTextResult("ok"), err
}

func chargeKeyed(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	key, _ := req.Params.Arguments["idempotency_key"].(string)
	_, err := db.ExecContext(ctx, "INSERT INTO charges(key) VALUES (?) ON CONFLICT DO NOTHING", key) // ok: the key was read first
	return nil, err
}

type noteIn struct {
	Text string `json:"text"`
}

type noteOut struct {
	ID int64 `json:"id"`
}

func note(ctx context.Context, req *mcp.CallToolRequest, in noteIn) (noteOut, error) {
	_, err := db.ExecContext(ctx, "INSERT INTO notes(text) VALUES (?)", in.Text) // want `tool "note" is not idempotent`
	return noteOut{}, err
}

func Register(s *mcp.Server) {
	// NewTool sets no annotations: not idempotent.
	s.RegisterTool(mcp.NewTool("charge", mcp.WithDescription("charge"), mcp.WithString("account")), charge)
	s.RegisterTool(mcp.NewTool("charge_keyed", mcp.WithString("idempotency_key")), chargeKeyed)

	// ok: idempotent by annotations.
	s.RegisterTool(mcp.NewTool("overwrite", mcp.WithToolAnnotations(&mcp.ToolAnnotations{IdempotentHint: mcp.BoolPtr(true)})),
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return nil, os.WriteFile("x", nil, 0o644)
		})
	// ok: read-only, through a tool variable.
	peek := mcp.NewTool("peek", mcp.WithToolAnnotations(&mcp.ToolAnnotations{ReadOnlyHint: mcp.BoolPtr(true)}))
	s.RegisterTool(peek, charge)

	// A typed handler adapter: the handler is its argument.
	s.RegisterTool(mcp.NewTool("note", mcp.WithInputStruct[noteIn]()), mcp.NewTypedToolHandler(note))

	// ok: a project's own option may set any hint.
	s.RegisterTool(mcp.NewTool("own", readOnly()), charge)
}

// The stdio server registers the same way.
func RegisterStdio(s *mcp.StdioServer) {
	s.RegisterTool(mcp.NewTool("stdio_charge"), charge)
	s.RegisterTool(mcp.NewTool("stdio_log"), func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		_, err := db.ExecContext(ctx, "INSERT INTO log(line) VALUES ('x')") // want `tool "stdio_log" is not idempotent`
		return nil, err
	})
}

// Tools built by functions of the package.
func RegisterFactories(s *mcp.Server) {
	s.RegisterTool(newChargeTool(), func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		_, err := db.ExecContext(ctx, "INSERT INTO charges(account) VALUES ('f')") // want `tool "factory_charge" is not idempotent`
		return nil, err
	})
	s.RegisterTool(newPeekTool(), func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		_, err := db.ExecContext(ctx, "INSERT INTO charges(account) VALUES ('f')") // ok: registered read-only
		return nil, err
	})
	s.RegisterTool(newVarTool(), func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		_, err := db.ExecContext(ctx, "INSERT INTO charges(account) VALUES ('f')") // ok: annotated idempotent on the variable
		return nil, err
	})
}

func newChargeTool() *mcp.Tool {
	return mcp.NewTool("factory_charge", mcp.WithDescription("charge"))
}

func newPeekTool() *mcp.Tool {
	return mcp.NewTool("factory_peek", mcp.WithToolAnnotations(&mcp.ToolAnnotations{ReadOnlyHint: mcp.BoolPtr(true)}))
}

func newVarTool() *mcp.Tool {
	tool := mcp.NewTool("factory_var")
	tool.Annotations = &mcp.ToolAnnotations{IdempotentHint: mcp.BoolPtr(true)}
	return tool
}

func readOnly() mcp.ToolOption {
	return func(t *mcp.Tool) { t.Annotations = &mcp.ToolAnnotations{ReadOnlyHint: mcp.BoolPtr(true)} }
}
