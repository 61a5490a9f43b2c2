package freshkey

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/internal/wording"
	"github.com/mcpvet/mcpvet/passes/retry"
	"github.com/mcpvet/mcpvet/passes/valueflow"
)

// SDKs that make the idempotency key themselves when the caller leaves it
// empty. Read in stripe-go v82.5.1 (stripe.go, the isHTTPWriteMethod
// branch) and aws-sdk-go-v2 service/secretsmanager v1.51.0
// (idempotencyToken_initializeOpCreateSecret).

func isStripeRoot(path string) bool {
	rest, ok := strings.CutPrefix(path, "github.com/stripe/stripe-go/v")
	return ok && rest != "" && !strings.Contains(rest, "/")
}

func isStripe(path string) bool {
	return strings.HasPrefix(path, "github.com/stripe/stripe-go/v")
}

// stripeReads are name prefixes of stripe-go calls that do not write: for
// GET requests stripe-go sends no Idempotency-Key.
var stripeReads = []string{"Get", "Retrieve", "List", "Search", "All", "Iter", "Read"}

// checkStripe reports stripe-go write calls inside a retry attempt whose
// params carry no IdempotencyKey: stripe-go then sends a new key with
// every call, so every attempt is a new request to Stripe. (Its own
// internal retries reuse the key; an outer retry does not.)
func (c *checker) checkStripe() {
	for cur := range c.insp.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		fn, _ := typeutil.Callee(c.info, call).(*types.Func)
		s, ok := c.directSDKCall(call, fn)
		if !ok || s.aws {
			continue
		}
		cons := c.retry.Enclosing(call)
		if len(cons) == 0 || !c.stripeKeyless(enclosingBody(cur), s.input) {
			continue
		}
		con := cons[0]
		c.rep.Report(analysis.Diagnostic{
			Pos: call.Pos(), End: call.End(),
			Category: wording.SDKKey,
			Message:  wording.MadeAnew(s.what, "attempt of "+describe(con)),
			Related:  withFix(related(con), fmt.Sprintf("create a key once before %s and set it with params.SetIdempotencyKey(key)", before(con))),
		})
	}
}

// before names the place where a key should be made.
func before(con *retry.Construct) string {
	switch con.Kind {
	case retry.Loop:
		return "the loop"
	case retry.Recursion:
		return "the first attempt, in the caller"
	}
	if con.Name != "" {
		return "calling " + con.Name
	}
	return "the retry"
}

func hasPrefix(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// stripeParams returns the argument of call whose type is a stripe params
// struct (one with the IdempotencyKey field of stripe.Params).
func (c *checker) stripeParams(call *ast.CallExpr) ast.Expr {
	for _, a := range call.Args {
		t := c.info.TypeOf(a)
		if t == nil {
			continue
		}
		p, ok := t.Underlying().(*types.Pointer)
		if !ok {
			continue
		}
		if _, ok := p.Elem().Underlying().(*types.Struct); !ok {
			continue
		}
		obj, _, _ := types.LookupFieldOrMethod(p.Elem(), true, nil, "IdempotencyKey")
		if f, ok := obj.(*types.Var); ok && f.IsField() && f.Pkg() != nil && isStripeRoot(f.Pkg().Path()) {
			return a
		}
	}
	return nil
}

// stripeKeyless reports whether params is built without an idempotency
// key, as far as body, the function that sends it, shows: by the syntax
// (a literal, or a local assigned only literals, whose key is not set in
// body), or else by the value-flow engine (a params struct kept in a
// field or an options struct, or made by a constructor).
func (c *checker) stripeKeyless(body ast.Node, params ast.Expr) bool {
	switch e := ast.Unparen(params).(type) {
	case *ast.UnaryExpr:
		lit, ok := ast.Unparen(e.X).(*ast.CompositeLit)
		if ok {
			return !litSets(lit, "IdempotencyKey") && !c.flowSets(params, "IdempotencyKey")
		}
	case *ast.Ident:
		v := c.localVar(e)
		if v == nil || len(c.assignsOf(v)) == 0 || c.isAddrTaken(v) {
			break
		}
		for _, a := range c.assignsOf(v) {
			u, ok := ast.Unparen(a.rhs).(*ast.UnaryExpr)
			if !ok {
				return c.flowKeyless(body, params, "IdempotencyKey")
			}
			lit, ok := ast.Unparen(u.X).(*ast.CompositeLit)
			if !ok || litSets(lit, "IdempotencyKey") {
				return false
			}
		}
		if body == nil {
			return false
		}
		return !c.usesSetKey(body, v, "IdempotencyKey", c.sendsKeyless) && !c.flowSets(params, "IdempotencyKey")
	}
	return c.flowKeyless(body, params, "IdempotencyKey")
}

// flowSets reports whether the engine finds a value of input that sets
// the key field, or may (a nested struct kept in a variable: Params: p).
func (c *checker) flowSets(input ast.Expr, field string) bool {
	path := fieldPathTo(c.info.TypeOf(input), field)
	if c.vf == nil || path == nil {
		return false
	}
	for _, v := range c.vf.Eval(input, nil).Each() {
		if v.Kind == valueflow.Struct && fieldSet(v, path) {
			return true
		}
	}
	return false
}

// flowKeyless reports whether every value the engine finds for input
// is a struct whose key field (promoted or not) is left unset, with no
// option pending. A body that names the field or its setter anywhere
// may set it where the engine does not see: it is taken to.
func (c *checker) flowKeyless(body ast.Node, input ast.Expr, field string) bool {
	if c.vf == nil || body == nil || c.namesField(body, field) {
		return false
	}
	path := fieldPathTo(c.info.TypeOf(input), field)
	if path == nil {
		return false
	}
	vals := c.vf.Eval(input, nil).Each()
	for _, v := range vals {
		if v.Kind != valueflow.Struct || len(v.Sets) > 0 || fieldSet(v, path) {
			return false
		}
	}
	return len(vals) > 0
}

// namesField reports whether body selects field or its setter (Set +
// field) anywhere.
func (c *checker) namesField(body ast.Node, field string) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && (sel.Sel.Name == field || sel.Sel.Name == "Set"+field) {
			found = true
		}
		if kv, ok := n.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == field {
				found = true
			}
		}
		return !found
	})
	return found
}

// fieldPathTo returns the fields from the struct t (or *t) to its field
// named name, through embedded structs (Params.IdempotencyKey), or nil.
func fieldPathTo(t types.Type, name string) []string {
	if t == nil {
		return nil
	}
	obj, index, _ := types.LookupFieldOrMethod(t, true, nil, name)
	if v, ok := obj.(*types.Var); !ok || !v.IsField() {
		return nil
	}
	var path []string
	st := deref(t)
	for _, i := range index {
		s, ok := st.Underlying().(*types.Struct)
		if !ok {
			return nil
		}
		path = append(path, s.Field(i).Name())
		st = deref(s.Field(i).Type())
	}
	return path
}

// fieldSet reports whether the struct value v sets the field at path
// (or may: a value the engine does not follow).
func fieldSet(v *valueflow.Value, path []string) bool {
	for i, name := range path {
		f, _ := v.Field(name)
		if f == nil || f.Kind == valueflow.Nil {
			return false
		}
		if i == len(path)-1 || f.Kind != valueflow.Struct {
			return true
		}
		v = f
	}
	return true
}

// litSets reports whether the composite literal, or one nested in it,
// sets the named field.
func litSets(lit *ast.CompositeLit, field string) bool {
	found := false
	ast.Inspect(lit, func(n ast.Node) bool {
		if kv, ok := n.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == field {
				found = true
			}
		}
		return !found
	})
	return found
}

// usesSetKey reports whether body may set the named key field of v:
// through a selector naming the field or its setter (v.IdempotencyKey,
// v.Params.SetIdempotencyKey), or by passing v to a function that safe
// does not accept, which might set it.
func (c *checker) usesSetKey(body ast.Node, v *types.Var, field string, safe func(*types.Func) bool) bool {
	set := false
	ast.Inspect(body, func(n ast.Node) bool {
		if set {
			return false
		}
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if n.Sel.Name == field || n.Sel.Name == "Set"+field {
				if rootIs(c.info, n.X, v) {
					set = true
				}
			}
		case *ast.CallExpr:
			for _, a := range n.Args {
				if id, ok := ast.Unparen(a).(*ast.Ident); ok && c.info.Uses[id] == v {
					fn, _ := typeutil.Callee(c.info, n).(*types.Func)
					if fn == nil || !safe(fn) {
						set = true
					}
				}
			}
		}
		return true
	})
	return set
}

// rootIs reports whether the selector chain e is rooted at v.
func rootIs(info *types.Info, e ast.Expr, v *types.Var) bool {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.Ident:
			return info.Uses[x] == v
		default:
			return false
		}
	}
}

// enclosingBody returns the body of the function enclosing cur.
func enclosingBody(cur inspector.Cursor) ast.Node {
	for p := range cur.Enclosing((*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		switch f := p.Node().(type) {
		case *ast.FuncDecl:
			if f.Body != nil {
				return f.Body
			}
			return nil
		case *ast.FuncLit:
			// Variables are declared in the outermost function more
			// often than not; keep going.
			continue
		}
	}
	return nil
}

// awsTokenFields are the members that carry the Smithy idempotencyToken
// trait in AWS SDK for Go v2 input structs.
var awsTokenFields = []string{"ClientToken", "ClientRequestToken", "IdempotencyToken"}

// checkAWS reports AWS SDK v2 input structs with an idempotency token
// member that are built anew in every attempt and leave the token empty:
// the SDK's OperationIdempotencyTokenAutoFill middleware then writes a new
// token into each new struct. Reusing one input keeps the token, because
// the middleware writes it into the caller's struct.
func (c *checker) checkAWS() {
	for cur := range c.insp.Root().Preorder((*ast.CompositeLit)(nil)) {
		lit := cur.Node().(*ast.CompositeLit)
		field, typ := awsInput(c.info.TypeOf(lit))
		if field == "" || litSets(lit, field) {
			continue
		}
		cons := c.retry.Enclosing(lit)
		if len(cons) == 0 || !c.awsSent(cur, field) {
			continue
		}
		con := cons[0]
		at := ast.Node(lit)
		if u, ok := cur.Parent().Node().(*ast.UnaryExpr); ok {
			at = u
		}
		c.reported[lit] = true
		c.rep.Report(analysis.Diagnostic{
			Pos: at.Pos(), End: at.End(),
			Category: wording.SDKKey,
			Message:  wording.MadeAnew(fmt.Sprintf("the AWS SDK's %s for %s", field, typ), "attempt of "+describe(con)),
			Related:  withFix(related(con), fmt.Sprintf("build the input once before %s, or set %s to a key made there", before(con), field)),
		})
	}
}

// awsSent reports whether the input literal at cur is passed to a call
// directly (&Input{...} as an argument) or through a local variable whose
// token field is not set in the function.
func (c *checker) awsSent(cur inspector.Cursor, field string) bool {
	p := cur.Parent()
	if u, ok := p.Node().(*ast.UnaryExpr); ok {
		cur, p = p, p.Parent()
		_ = u
	}
	switch n := p.Node().(type) {
	case *ast.CallExpr:
		for _, a := range n.Args {
			if a == cur.Node() {
				return true
			}
		}
	case *ast.AssignStmt, *ast.ValueSpec:
		var id *ast.Ident
		if as, ok := n.(*ast.AssignStmt); ok {
			for i, r := range as.Rhs {
				if r == cur.Node() && i < len(as.Lhs) {
					id, _ = as.Lhs[i].(*ast.Ident)
				}
			}
		} else {
			vs := n.(*ast.ValueSpec)
			for i, r := range vs.Values {
				if r == cur.Node() && i < len(vs.Names) {
					id = vs.Names[i]
				}
			}
		}
		if id == nil {
			return false
		}
		v := c.localVar(id)
		if v == nil || c.isAddrTaken(v) {
			return false
		}
		for _, a := range c.assignsOf(v) {
			if a.lhs == id && a.guarded {
				return false // built once, lazily
			}
		}
		body := enclosingBody(cur)
		if body == nil {
			return false
		}
		sent := false
		ast.Inspect(body, func(x ast.Node) bool {
			if call, ok := x.(*ast.CallExpr); ok {
				for _, a := range call.Args {
					if aid, ok := ast.Unparen(a).(*ast.Ident); ok && c.info.Uses[aid] == v {
						sent = true
					}
				}
			}
			return !sent
		})
		return sent && !c.usesSetKey(body, v, field, c.sendsKeyless)
	}
	return false
}
