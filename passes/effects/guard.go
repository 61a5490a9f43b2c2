package effects

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
)

// Guarded transitions. A function that loads an entity by the caller's
// id, refuses unless the entity is in the state its change starts from,
// and moves it to another state is a state machine's transition:
//
//	o, err := s.Orders.GetByID(ctx, id)
//	...
//	if o.Status != StatusPlaced {
//		return ErrInvalidTransition
//	}
//	... s.Orders.UpdateStatus(ctx, id, StatusPlaced, StatusCancelled)
//
// A retried call finds the entity moved and stops at the guard (or, for
// `if o.Status == StatusCancelled { return o, nil }`, answers from the
// state it finds), so what follows the guard does not repeat: its
// effects converge (Effect.Idempotent), as a set of a value does. A tool
// annotated idempotent may commit them; one that is not could be
// (dedupekey's advice for a converging effect). The call that loads the
// entity is a read, whatever interface it goes through (a repository
// main wires in: pending.go).
//
// The evidence must be positive, since a guard that does not stop a
// retry is the common bug (refuse unless the account is open, then
// charge it): the guard is a statement of the function's body, before
// every path to what follows; its condition compares a field of the
// entity, which comes from the function's parameters, with constants of
// the field's named type (an enum), and a constant of that type that the
// function (or a function of its package it calls) uses outside the
// condition, the state it moves the entity to, makes the condition true
// whatever the condition's other terms; the branch returns, and calls
// nothing that commits an effect. A guard a flag can bypass
// (`&& !force`), one inside a branch, and one whose state the function
// never changes are no guards.

// guarded returns e, the effect of a call of fi, converged when fi's
// guard stands before the call.
func (fi *funcInfo) guarded(call *ast.CallExpr, e *Effect) *Effect {
	if e == nil || e.Idempotent || !fi.guardPos.IsValid() || call.Pos() < fi.guardPos {
		return e
	}
	c := *e
	c.Idempotent, c.Guarded = true, true
	return &c
}

// A transition is a guarded transition of a function (stateGuard).
type transition struct {
	pos  token.Pos     // the guard's
	load *ast.CallExpr // the call whose result is the entity, or nil
}

// stateGuard returns the first guarded transition among fi's statements,
// or nil.
func (r *Result) stateGuard(info *types.Info, fi *funcInfo) *transition {
	for _, st := range fi.body.List {
		ifs, isIf := st.(*ast.IfStmt)
		if !isIf || ifs.Else != nil {
			continue
		}
		g := guardCond(info, ifs.Cond)
		if g == nil || !g.stopsRetry(r, info, fi.body, ifs.Cond) || !r.refuses(info, fi, ifs.Body) {
			continue
		}
		f := fi.getFlow(r, info)
		if f.from(g.entity)&^recvBit == 0 {
			continue // not the caller's entity (a setting of the receiver's)
		}
		t := &transition{pos: ifs.Pos()}
		if id, ok := ast.Unparen(g.entity).(*ast.Ident); ok {
			if v := f.local(id); v != nil && len(f.defs[v]) == 1 {
				t.load, _ = ast.Unparen(r.vf.Inlined(f.defs[v][0])).(*ast.CallExpr)
			}
		}
		return t
	}
	return nil
}

// guard is the condition of a candidate guard: a boolean tree of
// comparisons of one field of one entity (entity.field) with constants
// of the field's named type, and other terms.
type guard struct {
	cond   ast.Expr
	entity ast.Expr   // the entity whose field is compared (o of o.Status)
	field  *types.Var // the compared field
	typ    *types.Named
	sel    map[*ast.BinaryExpr]constant.Value // the comparisons and their constants
}

// guardCond returns the guard of cond, or nil when it compares no field
// with an enum's constants, or compares more than one.
func guardCond(info *types.Info, cond ast.Expr) *guard {
	g := &guard{cond: cond, sel: make(map[*ast.BinaryExpr]constant.Value)}
	ok := true
	var walk func(e ast.Expr)
	walk = func(e ast.Expr) {
		switch e := ast.Unparen(e).(type) {
		case *ast.BinaryExpr:
			switch e.Op {
			case token.LAND, token.LOR:
				walk(e.X)
				walk(e.Y)
				return
			case token.EQL, token.NEQ:
				field, val := e.X, e.Y
				if info.Types[field].Value != nil {
					field, val = val, field
				}
				c := info.Types[val].Value
				if c == nil {
					return
				}
				sel, isSel := ast.Unparen(field).(*ast.SelectorExpr)
				if !isSel {
					return
				}
				s := info.Selections[sel]
				if s == nil || s.Kind() != types.FieldVal {
					return
				}
				v, _ := s.Obj().(*types.Var)
				named, _ := types.Unalias(v.Type()).(*types.Named)
				if named == nil || !enumType(named) || !types.Identical(info.TypeOf(val), named) {
					return
				}
				if g.field != nil && (g.field != v || !sameExpr(info, g.entity, sel.X)) {
					ok = false
					return
				}
				g.field, g.entity, g.typ = v, sel.X, named
				g.sel[e] = c
			}
		}
	}
	walk(cond)
	if !ok || g.field == nil {
		return nil
	}
	return g
}

// enumType reports whether t is a named type of a basic underlying type
// (string, int): one whose constants name states.
func enumType(t *types.Named) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsString|types.IsInteger) != 0 && t.Obj().Pkg() != nil
}

// sameExpr reports whether a and b are the same variable, or the same
// field of one (o, in.Order).
func sameExpr(info *types.Info, a, b ast.Expr) bool {
	switch a := ast.Unparen(a).(type) {
	case *ast.Ident:
		b, ok := ast.Unparen(b).(*ast.Ident)
		return ok && info.ObjectOf(a) != nil && info.ObjectOf(a) == info.ObjectOf(b)
	case *ast.SelectorExpr:
		b, ok := ast.Unparen(b).(*ast.SelectorExpr)
		return ok && info.ObjectOf(a.Sel) == info.ObjectOf(b.Sel) && sameExpr(info, a.X, b.X)
	}
	return false
}

// stopsRetry reports whether a constant of the guard's type that body
// uses outside the condition (the state the function moves the entity
// to), or that a function of the package it calls uses (a helper that
// sets the state; at most maxGuardDepth calls down), makes the
// condition true whatever its other terms.
func (g *guard) stopsRetry(r *Result, info *types.Info, body *ast.BlockStmt, cond ast.Expr) bool {
	found := false
	seen := map[*ast.BlockStmt]bool{}
	var walk func(body *ast.BlockStmt, depth int)
	walk = func(body *ast.BlockStmt, depth int) {
		if seen[body] {
			return
		}
		seen[body] = true
		analysisutil.Inspect(body, func(n ast.Node) bool {
			if found || n == cond {
				return false
			}
			switch n := n.(type) {
			case *ast.Ident:
				if c, ok := info.Uses[n].(*types.Const); ok && types.Identical(c.Type(), g.typ) {
					found = g.eval(cond, c.Val()) == yes
				}
			case *ast.CallExpr:
				if depth < maxGuardDepth {
					if fn, ok := typeutil.Callee(info, n).(*types.Func); ok {
						if ce := r.bodies[fn.Origin()]; ce != nil {
							walk(ce.body, depth+1)
						}
					}
				}
			}
			return !found
		})
	}
	walk(body, 0)
	return found
}

// maxGuardDepth bounds the calls stopsRetry follows.
const maxGuardDepth = 2

type tri int

const (
	unknown tri = iota
	yes
	no
)

// eval evaluates e with the guard's field holding state: the guard's
// comparisons are known, any other term is not.
func (g *guard) eval(e ast.Expr, state constant.Value) tri {
	switch e := ast.Unparen(e).(type) {
	case *ast.BinaryExpr:
		if c, ok := g.sel[e]; ok {
			eq := constant.Compare(state, token.EQL, c)
			if eq == (e.Op == token.EQL) {
				return yes
			}
			return no
		}
		switch e.Op {
		case token.LOR:
			x, y := g.eval(e.X, state), g.eval(e.Y, state)
			switch {
			case x == yes || y == yes:
				return yes
			case x == no && y == no:
				return no
			}
		case token.LAND:
			x, y := g.eval(e.X, state), g.eval(e.Y, state)
			switch {
			case x == yes && y == yes:
				return yes
			case x == no || y == no:
				return no
			}
		}
	}
	return unknown
}

// refuses reports whether a guard's branch stops the function: it ends
// in a return, and calls nothing that commits an effect before it (a
// log line may).
func (r *Result) refuses(info *types.Info, fi *funcInfo, body *ast.BlockStmt) bool {
	n := len(body.List)
	if n == 0 {
		return false
	}
	if _, ok := body.List[n-1].(*ast.ReturnStmt); !ok {
		return false
	}
	clean := true
	analysisutil.Inspect(body, func(n ast.Node) bool {
		if !clean {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if r.callEffect(&fi.scope, n, typeutil.Callee(info, n)) != nil {
				clean = false
			}
		}
		return true
	})
	return clean
}
