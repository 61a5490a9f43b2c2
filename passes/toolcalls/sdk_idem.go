package toolcalls

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
)

// The client helper of github.com/mcpvet/mcpvet/idem (this repository's
// runtime module), for go-sdk and mcp-go:
//
//	res, err := gosdk.CallTool(ctx, cs, params, opts)
//	res, err := gosdk.NewCall(params, opts).Do(ctx, cs)
//	res, err := mcpgo.CallTool(ctx, c, req, opts)
//	res, err := mcpgo.NewCall(req, opts).Do(ctx, c)
//
// It makes one idempotency key per logical call, sends it with every
// attempt, and after a failure whose outcome is unknown probes the server
// and reads the outcome back before it sends anything again: it never
// re-sends blindly. A call of it is a tool call (the tool named by its
// request) that sends a dedupe key and reads back (Call.Keyed,
// Call.ReadsBack): safe to send again, in a retry loop too.
const (
	idemGoSDK = "github.com/mcpvet/mcpvet/idem/gosdk"
	idemMCPGo = "github.com/mcpvet/mcpvet/idem/mcpgo"
)

// readingBack are the helper's calls, keyed by package path, receiver
// type name and name; the value is the argument holding the request, or
// -1 for a method of the Call that NewCall built from it.
var readingBack = map[[3]string]int{
	{idemGoSDK, "", "CallTool"}: 2,
	{idemGoSDK, "Call", "Do"}:   -1,
	{idemMCPGo, "", "CallTool"}: 2,
	{idemMCPGo, "Call", "Do"}:   -1,
}

// newCalls build the helper's Call from the request, their first
// argument.
var newCalls = map[[2]string]bool{
	{idemGoSDK, "NewCall"}: true,
	{idemMCPGo, "NewCall"}: true,
}

// readsBackFunc reports whether fn is one of the helper's calls.
func readsBackFunc(fn *types.Func) bool {
	k, ok := key(fn)
	if !ok {
		return false
	}
	_, ok = readingBack[k]
	return ok
}

// readingBackCall returns the tool call c makes through the helper, or
// nil.
func readingBackCall(pass *analysis.Pass, body *ast.BlockStmt, fn *types.Func, k [3]string, c *ast.CallExpr) *Call {
	i, ok := readingBack[k]
	if !ok {
		return nil
	}
	var req ast.Expr
	if i >= 0 && i < len(c.Args) {
		req = c.Args[i]
	} else if sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr); ok && i < 0 {
		req = sel.X // the Call: findName follows it to NewCall's request
	}
	tc := &Call{Call: c, Callee: fn, Params: req, Keyed: true, ReadsBack: true}
	if s, ok := analysisutil.ConstString(pass.TypesInfo, findName(pass.TypesInfo, pass.Files, body, req)); ok {
		tc.Tool = s
	}
	return tc
}

// newCallRequest returns the request of a NewCall call, or nil.
func newCallRequest(info *types.Info, call *ast.CallExpr) ast.Expr {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil || !newCalls[[2]string{fn.Pkg().Path(), fn.Name()}] || len(call.Args) == 0 {
		return nil
	}
	return call.Args[0]
}
