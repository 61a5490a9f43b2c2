package reinvoke

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/cfg"
)

// edgeAnswered reports whether taking the edge p→b implies that the input
// responses of a later round are present: p ends in a condition such as
// len(req.Params.InputResponses) > 0 and b is the branch on which it says so.
func (c *checker) edgeAnswered(l *locals, p, b *cfg.Block) bool {
	if len(p.Succs) != 2 || len(p.Nodes) == 0 {
		return false
	}
	cond, ok := p.Nodes[len(p.Nodes)-1].(ast.Expr)
	if !ok {
		return false
	}
	whenTrue, whenFalse := c.presence(l, cond, 0)
	return (b == p.Succs[0] && whenTrue) || (b == p.Succs[1] && whenFalse)
}

// presence reports whether cond being true (resp. false) implies that
// input responses or a request state are present.
func (c *checker) presence(l *locals, cond ast.Expr, depth int) (whenTrue, whenFalse bool) {
	if depth > 8 {
		return false, false
	}
	info := c.pass.TypesInfo
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			t, f := c.presence(l, e.X, depth+1)
			return f, t
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND:
			at, af := c.presence(l, e.X, depth+1)
			bt, bf := c.presence(l, e.Y, depth+1)
			return at || bt, af && bf
		case token.LOR:
			at, af := c.presence(l, e.X, depth+1)
			bt, bf := c.presence(l, e.Y, depth+1)
			return at && bt, af || bf
		case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
			x, y, op := e.X, e.Y, e.Op
			if isConst(info, x) && !isConst(info, y) {
				x, y, op = y, x, flip(op)
			}
			return c.comparison(l, x, y, op)
		}
	case *ast.Ident:
		// ok from "_, ok := responses[id]" or "server.InputResponse(...)".
		v, _ := info.Uses[e].(*types.Var)
		if v == nil {
			return false, false
		}
		ds := l.defs[v]
		if len(ds) == 1 && ds[0].idx == 1 && c.fromResponses(l, ds[0].rhs, depth+1) {
			return true, false
		}
	}
	return false, false
}

func isConst(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && (tv.Value != nil || tv.IsNil())
}

// comparison evaluates x op y, y being a constant or nil.
func (c *checker) comparison(l *locals, x, y ast.Expr, op token.Token) (whenTrue, whenFalse bool) {
	info := c.pass.TypesInfo
	ty, ok := info.Types[y]
	if !ok {
		return false, false
	}
	// len(responses) compared with an integer.
	if call, ok := ast.Unparen(x).(*ast.CallExpr); ok && len(call.Args) == 1 && ty.Value != nil && ty.Value.Kind() == constant.Int {
		if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && id.Name == "len" {
			if _, builtin := info.Uses[id].(*types.Builtin); builtin && c.fromResponses(l, call.Args[0], 0) {
				n, _ := constant.Int64Val(ty.Value)
				nonEmpty := (op == token.GTR && n >= 0) || (op == token.NEQ && n == 0) || (op == token.GEQ && n >= 1)
				empty := (op == token.EQL && n == 0) || (op == token.LSS && n <= 1) || (op == token.LEQ && n == 0)
				return nonEmpty, empty
			}
		}
		return false, false
	}
	// responses != nil, answer != nil (not an error).
	if ty.IsNil() && !isError(info.TypeOf(x)) && c.fromResponses(l, x, 0) {
		return op == token.NEQ, op == token.EQL
	}
	// req.Params.RequestState != "".
	if ty.Value != nil && ty.Value.Kind() == constant.String && constant.StringVal(ty.Value) == "" && c.fromState(l, x, 0) {
		return op == token.NEQ, op == token.EQL
	}
	return false, false
}

func isError(t types.Type) bool {
	return t != nil && types.Identical(t, types.Universe.Lookup("error").Type())
}

// fromResponses reports whether e is, or is computed from, the input
// responses of the request: responses, responses[id],
// server.ElicitationResponse(req.Params.InputResponses, id), or a local
// variable assigned from one.
func (c *checker) fromResponses(l *locals, e ast.Expr, depth int) bool {
	if depth > 4 {
		return false
	}
	info := c.pass.TypesInfo
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if found {
			return false
		}
		x, ok := n.(ast.Expr)
		if !ok {
			return true
		}
		if isResponseType(info.TypeOf(x)) {
			found = true
			return false
		}
		if id, ok := x.(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok {
				for _, d := range l.defs[v] {
					if c.fromResponses(l, d.rhs, depth+1) {
						found = true
					}
				}
			}
		}
		return !found
	})
	return found
}

// fromState reports whether e is the request state or a local variable
// assigned from it.
func (c *checker) fromState(l *locals, e ast.Expr, depth int) bool {
	if depth > 4 {
		return false
	}
	info := c.pass.TypesInfo
	if isRequestState(info, e) {
		return true
	}
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		if v, ok := info.Uses[id].(*types.Var); ok {
			ds := l.defs[v]
			return len(ds) == 1 && ds[0].idx < 0 && c.fromState(l, ds[0].rhs, depth+1)
		}
	}
	return false
}
