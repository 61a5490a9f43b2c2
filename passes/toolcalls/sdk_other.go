package toolcalls

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"github.com/mcpvet/mcpvet/passes/valueflow"
)

// The clients of the SDKs beside go-sdk and mcp-go, checked against
// github.com/ThinkInAIXYZ/go-mcp v0.2.29, trpc.group/trpc-go/trpc-mcp-go
// v0.0.20 and github.com/metoro-io/mcp-golang v0.16.0. FreePeak/cortex
// and strowk/foxy-contexts have no client.
const (
	goMCPClient   = "github.com/ThinkInAIXYZ/go-mcp/client"
	goMCPProtocol = "github.com/ThinkInAIXYZ/go-mcp/protocol"
	trpcMCP       = "trpc.group/trpc-go/trpc-mcp-go"
	mcpGolang     = "github.com/metoro-io/mcp-golang"
	viantClient   = "github.com/viant/mcp/client"
	viantSchema   = "github.com/viant/mcp-protocol/schema"
)

// callShape says which arguments of a CallTool carry the request.
type callShape struct {
	sdk    string
	name   int // the argument holding the tool name itself, or -1
	params int // the request (or, with name, the arguments)
}

var otherCallTools = map[[3]string]callShape{
	// (*client.Client).CallTool(ctx, *protocol.CallToolRequest)
	{goMCPClient, "Client", "CallTool"}:                 {"go-mcp", -1, 1},
	{goMCPClient, "Client", "CallToolWithProgressChan"}: {"go-mcp", -1, 1},
	// (*mcp.Client).CallTool(ctx, *mcp.CallToolRequest), the stdio
	// client's and the Connector interface's.
	{trpcMCP, "Client", "CallTool"}:      {"trpc-mcp-go", -1, 1},
	{trpcMCP, "StdioClient", "CallTool"}: {"trpc-mcp-go", -1, 1},
	{trpcMCP, "Connector", "CallTool"}:   {"trpc-mcp-go", -1, 1},
	// (*mcp_golang.Client).CallTool(ctx, name string, arguments any)
	{mcpGolang, "Client", "CallTool"}: {"mcp-golang", 1, 2},
	// viant/mcp (checked against v0.14.1-0.20260330151156-6107a117f1ea):
	// (*client.Client).CallTool(ctx, *schema.CallToolRequestParams,
	// ...RequestOption) and client.Interface's. It re-sends by itself only
	// after "session not found" and 401 answers, which the server sends
	// without running the tool.
	{viantClient, "Client", "CallTool"}:    {"viant/mcp", -1, 1},
	{viantClient, "Interface", "CallTool"}: {"viant/mcp", -1, 1},
}

var otherReadBacks = map[[3]string]bool{
	{goMCPClient, "Client", "ReadResource"}:    true,
	{trpcMCP, "Client", "ReadResource"}:        true,
	{trpcMCP, "StdioClient", "ReadResource"}:   true,
	{trpcMCP, "Connector", "ReadResource"}:     true,
	{mcpGolang, "Client", "ReadResource"}:      true,
	{viantClient, "Client", "ReadResource"}:    true,
	{viantClient, "Interface", "ReadResource"}: true,
}

// requestCtors build a tool-call request; the value is the argument
// holding the tool name.
var requestCtors = map[[2]string]int{
	{goMCPProtocol, "NewCallToolRequest"}:                 0,
	{goMCPProtocol, "NewCallToolRequestWithRawArguments"}: 0,
	{viantSchema, "NewCallToolRequestParams"}:             0,
}

// otherSDKPath reports whether path is a package named in this file.
func otherSDKPath(path string) bool {
	return path == goMCPClient || path == goMCPProtocol || path == trpcMCP || path == mcpGolang || path == viantClient || path == viantSchema
}

// otherCall returns the tool call c makes through one of the other SDKs'
// clients, or nil.
func (r *Result) otherCall(pass *analysis.Pass, body *ast.BlockStmt, fn *types.Func, k [3]string, c *ast.CallExpr) *Call {
	shape, ok := otherCallTools[k]
	if !ok || shape.params >= len(c.Args) || shape.name >= len(c.Args) {
		return nil
	}
	info := pass.TypesInfo
	tc := &Call{Call: c, Direct: true, Callee: fn, SDK: shape.sdk, Params: c.Args[shape.params]}
	var nameExpr ast.Expr
	if shape.name >= 0 {
		nameExpr = c.Args[shape.name]
		tc.Name = nameExpr
	} else {
		nameExpr = findName(info, pass.Files, body, tc.Params)
	}
	// Where the syntax does not give the name, the engine does, as for
	// go-sdk's and mcp-go's CallTool (classify).
	switch s, ok := analysisutil.ConstString(info, nameExpr); {
	case ok:
		tc.Tool = s
	case shape.name >= 0 && r.vf != nil:
		tc.Tool, _ = r.vf.Eval(nameExpr, nil).String1()
	case shape.name < 0:
		tc.Tool = r.flowName(tc.Params)
	}
	tc.Keyed = r.hasKey(info, body, tc.Params, 0)
	return tc
}

// requestCtorValueName returns the tool name of a Call value of a
// request constructor (requestCtors): its name argument, or the Name the
// package stores into the request it returns; nil when v is none.
func requestCtorValueName(v *valueflow.Value) *valueflow.Value {
	fn, ok := v.Obj.(*types.Func)
	if !ok || fn.Pkg() == nil || v.Index != 0 {
		return nil
	}
	i, ok := requestCtors[[2]string{fn.Pkg().Path(), fn.Name()}]
	if !ok || i >= len(v.Args) {
		return nil
	}
	if n, ok := v.Stored("Name"); ok {
		return n
	}
	return v.Args[i]
}

// requestCtorName returns the tool-name argument of a call that builds a
// tool-call request (protocol.NewCallToolRequest(name, args)), or nil.
func requestCtorName(info *types.Info, call *ast.CallExpr) ast.Expr {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil {
		return nil
	}
	if i, ok := requestCtors[[2]string{fn.Pkg().Path(), fn.Name()}]; ok && i < len(call.Args) {
		return call.Args[i]
	}
	return nil
}
