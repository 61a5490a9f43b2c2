package reinvoke

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/passes/valueflow"
)

// This file recognizes the SDKs' multi-round-trip (SEP-2322) API by
// package path and name: results that carry input requests, and the
// input responses and request state of the next round.

const (
	goSDK    = "github.com/modelcontextprotocol/go-sdk/mcp"
	mcpGoMCP = "github.com/mark3labs/mcp-go/mcp"
	mcpGoSrv = "github.com/mark3labs/mcp-go/server"
)

// inputRequiredValue is mcp-go's mcp.ResultTypeInputRequired.
const inputRequiredValue = "input_required"

// irCalls are SDK functions whose result asks the client for input.
var irCalls = map[[3]string]bool{
	{mcpGoSrv, "InputRequestBuilder", "ToolResult"}:     true,
	{mcpGoSrv, "InputRequestBuilder", "PromptResult"}:   true,
	{mcpGoSrv, "InputRequestBuilder", "ResourceResult"}: true,
	{mcpGoMCP, "", "NewInputRequiredResult"}:            true,
}

// responseTypes are the types of input responses: their presence marks
// a round after the first.
var responseTypes = map[[2]string]bool{
	{goSDK, "InputResponseMap"}:  true,
	{goSDK, "InputResponse"}:     true,
	{mcpGoMCP, "InputResponses"}: true,
	{mcpGoMCP, "InputResponse"}:  true,
}

func isSDK(path string) bool { return path == goSDK || path == mcpGoMCP || path == mcpGoSrv }

// namedIn reports the package path and name of t's named type, through
// pointers and aliases.
func namedIn(t types.Type) (path, name string) {
	if t == nil {
		return "", ""
	}
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	n, ok := t.(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return "", ""
	}
	return n.Obj().Pkg().Path(), n.Obj().Name()
}

// sdkTyped reports whether t, or an element of the tuple t, is a type
// of an SDK's (or a pointer to one): only such a value can carry input
// requests (*mcp.CallToolResult), so only then is the engine asked.
func sdkTyped(t types.Type) bool {
	if tup, ok := t.(*types.Tuple); ok {
		for i := 0; i < tup.Len(); i++ {
			if sdkTyped(tup.At(i).Type()) {
				return true
			}
		}
		return false
	}
	path, _ := namedIn(t)
	return isSDK(path)
}

func calleeKey(info *types.Info, call *ast.CallExpr) (*types.Func, [3]string) {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil {
		return nil, [3]string{}
	}
	fn = fn.Origin()
	recv := ""
	if sig, _ := fn.Type().(*types.Signature); sig != nil && sig.Recv() != nil {
		_, recv = namedIn(sig.Recv().Type())
	}
	return fn, [3]string{fn.Pkg().Path(), recv, fn.Name()}
}

// irLiteral reports whether a composite literal of an SDK result type
// carries input requests: go-sdk {InputRequests: m}, mcp-go
// {MultiRoundTripResult: {InputRequests: m}} or {Result: {ResultType:
// mcp.ResultTypeInputRequired}}.
func irLiteral(info *types.Info, lit *ast.CompositeLit) bool {
	path, _ := namedIn(info.TypeOf(lit))
	if !isSDK(path) {
		return false
	}
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		k, _ := kv.Key.(*ast.Ident)
		if k == nil {
			continue
		}
		v := ast.Unparen(kv.Value)
		switch k.Name {
		case "InputRequests":
			if tv, ok := info.Types[v]; ok && tv.IsNil() {
				continue
			}
			return true
		case "MultiRoundTripResult", "Result":
			if inner, ok := v.(*ast.CompositeLit); ok {
				if irLiteral(info, inner) {
					return true
				}
				continue
			}
			if k.Name == "MultiRoundTripResult" {
				return true
			}
		case "ResultType":
			if tv, ok := info.Types[v]; ok && tv.Value != nil && tv.Value.Kind() == constant.String && constant.StringVal(tv.Value) == inputRequiredValue {
				return true
			}
		}
	}
	return false
}

// isResponseType reports whether t is a type of input responses.
func isResponseType(t types.Type) bool {
	path, name := namedIn(t)
	return responseTypes[[2]string{path, name}]
}

// isRequestState reports whether e selects the RequestState field of an
// SDK params type.
func isRequestState(info *types.Info, e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "RequestState" {
		return false
	}
	v, ok := info.Uses[sel.Sel].(*types.Var)
	return ok && v.IsField() && v.Pkg() != nil && isSDK(v.Pkg().Path())
}

// flip mirrors a comparison operator: a < b is b > a.
func flip(op token.Token) token.Token {
	switch op {
	case token.LSS:
		return token.GTR
	case token.GTR:
		return token.LSS
	case token.LEQ:
		return token.GEQ
	case token.GEQ:
		return token.LEQ
	}
	return op
}

// irValue reports whether v, as the value-flow engine sees a result that
// a function of another package returns, may carry input requests: an SDK
// result struct as irLiteral accepts, or the result of an irCalls
// function.
func irValue(v *valueflow.Value, depth int) bool {
	if depth > 3 {
		return false
	}
	for _, a := range v.Each() {
		switch a.Kind {
		case valueflow.Struct:
			if path, _ := namedIn(a.Type); !isSDK(path) {
				continue
			}
			if ir, ok := a.Field("InputRequests"); ok && ir != nil && ir.Kind != valueflow.Nil && ir.Kind != valueflow.Unknown {
				return true
			}
			if rt, ok := a.Field("ResultType"); ok {
				if s, ok := rt.String1(); ok && s == inputRequiredValue {
					return true
				}
			}
			for _, name := range []string{"MultiRoundTripResult", "Result"} {
				if inner, ok := a.Field(name); ok && inner != nil && irValue(inner, depth+1) {
					return true
				}
			}
		case valueflow.Call:
			if fn, ok := a.Obj.(*types.Func); ok && fn.Pkg() != nil {
				recv := ""
				if sig, _ := fn.Type().(*types.Signature); sig != nil && sig.Recv() != nil {
					_, recv = namedIn(sig.Recv().Type())
				}
				if irCalls[[3]string{fn.Pkg().Path(), recv, fn.Name()}] {
					return true
				}
			}
		}
	}
	return false
}
