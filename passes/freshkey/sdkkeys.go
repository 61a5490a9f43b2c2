package freshkey

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"github.com/mcpvet/mcpvet/internal/wording"
	"github.com/mcpvet/mcpvet/passes/retry"
	"github.com/mcpvet/mcpvet/passes/valueflow"
)

// SDKKey is a key that an SDK makes anew on every call of a function
// (KeyParams.SDK): the function sends a stripe-go write or an AWS
// operation whose input leaves the idempotency key empty, and the SDK
// fills it in with a new value. A call of the function inside a retry
// attempt is then a new operation to the service on every attempt, as
// the SDK's own call would be there (checkStripe, checkAWS).
type SDKKey struct {
	// Index is the parameter (0-based, receiver excluded) that carries
	// the input, when the caller builds it: the key is new on every
	// attempt only if the caller's input leaves it empty (stripe-go),
	// or is built anew in the attempt (the AWS SDK, which writes the
	// token it makes into the input). -1: the function builds the input
	// itself, and every call makes a new key.
	Index int
	// Field, when not "", is the field of parameter Index that holds the
	// input (func send(ctx, c, r request) { c.CreateSecret(ctx, r.In) }).
	Field string
	What  string // the key and the SDK call: "stripe-go's Idempotency-Key for paymentintent.New"
	AWS   bool   // the AWS SDK (else stripe-go)
}

func (k SDKKey) String() string {
	at := "made"
	if k.Index >= 0 {
		at = strconv.Itoa(k.Index)
		if k.Field != "" {
			at += "." + k.Field
		}
	}
	return at + ":" + k.What
}

// maxSDKKeys bounds the SDK keys a fact records.
const maxSDKKeys = 4

// sdkCall is an SDK call whose input's empty key the SDK fills in: the
// input argument, the key's field, and the wording of the key.
type sdkCall struct {
	input ast.Expr
	field string
	what  string
	aws   bool
}

// directSDKCall returns the SDK call that call is, if it is a stripe-go
// write with a params struct or an AWS SDK v2 operation with an input
// that has an idempotency token member.
func (c *checker) directSDKCall(call *ast.CallExpr, fn *types.Func) (sdkCall, bool) {
	if fn == nil || fn.Pkg() == nil {
		return sdkCall{}, false
	}
	path := fn.Pkg().Path()
	switch {
	case isStripe(path):
		if hasPrefix(fn.Name(), stripeReads) {
			return sdkCall{}, false
		}
		if p := c.stripeParams(call); p != nil {
			return sdkCall{input: p, field: "IdempotencyKey", what: "stripe-go's Idempotency-Key for " + types.ExprString(call.Fun)}, true
		}
	case strings.HasPrefix(path, "github.com/aws/aws-sdk-go-v2/service/"):
		for _, a := range call.Args {
			if field, typ := awsInput(c.info.TypeOf(a)); field != "" {
				return sdkCall{input: a, field: field, what: fmt.Sprintf("the AWS SDK's %s for %s", field, typ), aws: true}, true
			}
		}
	}
	return sdkCall{}, false
}

// awsInput returns the idempotency token member of an AWS SDK v2 input
// struct type (or pointer to one) and the type's name, or "".
func awsInput(t types.Type) (field, typ string) {
	named, ok := types.Unalias(deref(t)).(*types.Named)
	if !ok || named.Obj().Pkg() == nil || !strings.HasPrefix(named.Obj().Pkg().Path(), "github.com/aws/aws-sdk-go-v2/service/") {
		return "", ""
	}
	st, ok := named.Underlying().(*types.Struct)
	if !ok {
		return "", ""
	}
	for i := 0; i < st.NumFields(); i++ {
		if slices.Contains(awsTokenFields, st.Field(i).Name()) {
			return st.Field(i).Name(), named.Obj().Pkg().Name() + "." + named.Obj().Name()
		}
	}
	return "", ""
}

// sdkKeysBy returns the SDK keys of a call of fn: by this package's
// analysis or an imported fact.
func (c *checker) sdkKeysBy(fn *types.Func) []SDKKey {
	fn = fn.Origin()
	if kp := c.keyParams[fn]; kp != nil {
		return kp.SDK
	}
	return c.calleeKeys(fn).sdk
}

// sdkKeysOf returns the SDK keys of the function obj, declared by decl
// with the given parameters: for each SDK call it makes (directly, or
// through a function with SDK keys), whether the input comes from a
// parameter, or is built here without a key.
func (c *checker) sdkKeysOf(obj *types.Func, decl *ast.FuncDecl, params map[*types.Var]int) []SDKKey {
	var out []SDKKey
	add := func(k SDKKey) {
		if len(out) < maxSDKKeys && !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	// from returns the parameter that input is (or whose field it is),
	// -1 when the function builds it without a key, or false.
	from := func(input ast.Expr, field string, aws bool) (int, string, bool) {
		switch x := ast.Unparen(input).(type) {
		case *ast.Ident:
			if v, ok := c.info.Uses[x].(*types.Var); ok {
				if i, ok := params[v]; ok {
					if c.usesSetKey(decl.Body, v, field, c.sendsKeyless) {
						return 0, "", false // the function may set the key
					}
					return i, "", true
				}
			}
		case *ast.SelectorExpr:
			// r.In of a parameter r: each caller's r decides.
			if i, f, ok := c.paramField(x, params); ok {
				if c.namesField(decl.Body, field) {
					return 0, "", false
				}
				return i, f, true
			}
		}
		if c.keyless(decl.Body, input, field, aws, nil) {
			return -1, "", true
		}
		return 0, "", false
	}
	for _, call := range c.sdkCalls[decl] {
		fn, _ := typeutil.Callee(c.info, call).(*types.Func)
		if fn == nil {
			continue
		}
		if s, ok := c.directSDKCall(call, fn); ok {
			if i, f, ok := from(s.input, s.field, s.aws); ok {
				add(SDKKey{Index: i, Field: f, What: s.what, AWS: s.aws})
				if i < 0 && c.sdkAt[obj] == nil {
					c.sdkAt[obj] = call
				}
			}
			continue
		}
		if fn.Origin() == obj {
			continue
		}
		for _, k := range c.sdkKeysBy(fn) {
			if k.Index < 0 {
				add(k)
				if c.sdkAt[obj] == nil {
					c.sdkAt[obj] = call
				}
				continue
			}
			if k.Index >= len(call.Args) {
				continue
			}
			arg := call.Args[k.Index]
			if k.Field != "" {
				if i, ok := c.paramArg(arg, params); ok {
					if !c.namesField(decl.Body, k.Field) {
						add(SDKKey{Index: i, Field: k.Field, What: k.What, AWS: k.AWS})
					}
					continue
				}
				if c.fieldKeyless(decl.Body, arg, k, nil) {
					add(SDKKey{Index: -1, What: k.What, AWS: k.AWS})
					if c.sdkAt[obj] == nil {
						c.sdkAt[obj] = call
					}
				}
				continue
			}
			field := "IdempotencyKey"
			if k.AWS {
				field, _ = awsInput(c.info.TypeOf(arg))
			}
			if i, f, ok := from(arg, field, k.AWS); ok {
				add(SDKKey{Index: i, Field: f, What: k.What, AWS: k.AWS})
				if i < 0 && c.sdkAt[obj] == nil {
					c.sdkAt[obj] = call
				}
			}
		}
	}
	return out
}

// paramField returns the parameter whose field x selects (r.In), and the
// field.
func (c *checker) paramField(x *ast.SelectorExpr, params map[*types.Var]int) (int, string, bool) {
	sel := c.info.Selections[x]
	if sel == nil || sel.Kind() != types.FieldVal || len(sel.Index()) != 1 {
		return 0, "", false
	}
	i, ok := c.paramArg(x.X, params)
	return i, x.Sel.Name, ok
}

// paramArg returns the parameter that e is (r, *r), unassigned in the
// function.
func (c *checker) paramArg(e ast.Expr, params map[*types.Var]int) (int, bool) {
	e = ast.Unparen(e)
	if st, ok := e.(*ast.StarExpr); ok {
		e = ast.Unparen(st.X)
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return 0, false
	}
	v, _ := c.info.Uses[id].(*types.Var)
	i, ok := params[v]
	return i, ok && v != nil
}

// fieldKeyless reports whether the input that field k.Field of arg holds
// leaves the SDK's key empty, as keyless judges it: the field's element
// of the literal arg is (or a local's one literal), else each struct the
// engine finds there (r := newRequest(name); send(ctx, c, r)). attempt
// is as for keyless.
func (c *checker) fieldKeyless(body ast.Node, arg ast.Expr, k SDKKey, attempt ast.Node) bool {
	if in := c.fieldValue(arg, k.Field); in != nil {
		field := "IdempotencyKey"
		if k.AWS {
			field, _ = awsInput(c.info.TypeOf(in))
		}
		return c.keyless(body, in, field, k.AWS, attempt)
	}
	t := fieldType(c.info.TypeOf(arg), k.Field)
	field := "IdempotencyKey"
	if k.AWS {
		field, _ = awsInput(t)
	}
	path := fieldPathTo(t, field)
	if c.vf == nil || body == nil || path == nil || c.namesField(body, field) {
		return false
	}
	vals := c.vf.Eval(arg, nil).Select(k.Field).Each()
	for _, v := range vals {
		if v.Kind != valueflow.Struct || len(v.Sets) > 0 || fieldSet(v, path) {
			return false
		}
		if k.AWS && (v.Node == nil || attempt != nil && !within(attempt, v.Node)) {
			return false // the AWS SDK writes its token into the input: only one built anew is sent with a new one
		}
	}
	return len(vals) > 0
}

// reportedField is reportedInput for the input that field name of arg
// holds.
func (c *checker) reportedField(arg ast.Expr, name string) bool {
	if in := c.fieldValue(arg, name); in != nil {
		return c.reportedInput(in)
	}
	for _, v := range c.vf.Eval(arg, nil).Select(name).Each() {
		if v.Node != nil && c.reported[v.Node] {
			return true
		}
	}
	return false
}

// fieldType returns the type of field name of the struct t (or *t), or
// nil.
func fieldType(t types.Type, name string) types.Type {
	if t == nil {
		return nil
	}
	st, ok := deref(t).Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Name() == name {
			return st.Field(i).Type()
		}
	}
	return nil
}

// keyless reports whether input, sent from body, leaves the key field
// empty: stripe-go's params as stripeKeyless sees them; an AWS input
// built in body (within attempt, when attempt is not nil) as a literal
// that does not set the token, directly or through a local assigned only
// such literals, or as the engine sees it (a struct kept in a field).
func (c *checker) keyless(body ast.Node, input ast.Expr, field string, aws bool, attempt ast.Node) bool {
	if field == "" || body == nil {
		return false
	}
	if !aws {
		return c.stripeKeyless(body, input)
	}
	inside := func(n ast.Node) bool { return attempt == nil || within(attempt, n) }
	switch e := ast.Unparen(input).(type) {
	case *ast.UnaryExpr:
		if lit, ok := ast.Unparen(e.X).(*ast.CompositeLit); ok {
			return inside(lit) && !litSets(lit, field) && !c.flowSets(input, field)
		}
	case *ast.CompositeLit:
		return inside(e) && !litSets(e, field) && !c.flowSets(input, field)
	case *ast.Ident:
		v := c.localVar(e)
		if v == nil || len(c.assignsOf(v)) == 0 || c.isAddrTaken(v) {
			break
		}
		for _, a := range c.assignsOf(v) {
			if a.guarded || a.rhs == nil {
				return false
			}
			u, ok := ast.Unparen(a.rhs).(*ast.UnaryExpr)
			if !ok {
				return c.flowFresh(body, input, field, inside)
			}
			lit, ok := ast.Unparen(u.X).(*ast.CompositeLit)
			if !ok || !inside(lit) || litSets(lit, field) {
				return false
			}
		}
		return !c.usesSetKey(body, v, field, c.sendsKeyless) && !c.flowSets(input, field)
	}
	return c.flowFresh(body, input, field, inside)
}

// sendsKeyless reports whether a function that is given an SDK input
// sends it without setting its key: the SDKs' own, and functions with
// SDK keys (usesSetKey's safe callees).
func (c *checker) sendsKeyless(fn *types.Func) bool {
	return fn.Pkg() != nil && isKeySDK(fn.Pkg().Path()) || len(c.sdkKeysBy(fn)) > 0
}

// flowFresh is flowKeyless for an AWS input: each value the engine finds
// must also be a literal built where inside says (the attempt).
func (c *checker) flowFresh(body ast.Node, input ast.Expr, field string, inside func(ast.Node) bool) bool {
	if !c.flowKeyless(body, input, field) {
		return false
	}
	for _, v := range c.vf.Eval(input, nil).Each() {
		if v.Node == nil || !inside(v.Node) {
			return false
		}
	}
	return true
}

// checkSDKCalls runs checkSDKHelpers on the calls inside retries.
func (c *checker) checkSDKCalls() {
	for cur := range c.insp.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		if len(c.retry.Enclosing(call)) > 0 {
			c.checkSDKHelpers(cur, call)
		}
	}
}

// checkSDKHelpers reports calls, inside a retry attempt, of functions
// that send an SDK call whose key the SDK makes anew (KeyParams.SDK):
// the function builds the input itself, or the caller passes one that
// leaves the key empty (for the AWS SDK: built anew in the attempt).
func (c *checker) checkSDKHelpers(cur inspector.Cursor, call *ast.CallExpr) {
	fn, _ := typeutil.Callee(c.info, call).(*types.Func)
	if fn == nil || c.reported[call] {
		return
	}
	keys := c.sdkKeysBy(fn)
	if s, ok := c.directSDKCall(call, fn); ok && s.aws && !syntacticInput(s.input) {
		// An AWS input the engine follows (kept in a field, made by a
		// helper): checkAWS reports literals and locals.
		keys = []SDKKey{{Index: slices.Index(call.Args, s.input), What: s.what, AWS: true}}
	}
	if len(keys) == 0 {
		return
	}
	for _, con := range c.retry.Enclosing(call) {
		if !within(con.Attempt, call) {
			continue
		}
		if con.CallsBack(fn) {
			continue // a recursive retry: reported where fn sends the call
		}
		for _, k := range keys {
			if k.Index >= 0 {
				if k.Index >= len(call.Args) {
					continue
				}
				arg := call.Args[k.Index]
				if k.Field != "" {
					if c.reportedField(arg, k.Field) || !c.fieldKeyless(enclosingBody(cur), arg, k, con.Attempt) {
						continue // checkAWS reports the literal, if sent anew
					}
					c.reportSDKHelper(call, fn, k, con)
					return
				}
				if k.AWS && (syntacticInput(arg) || c.reportedInput(arg)) {
					continue // checkAWS reports the literal, if sent anew
				}
				field := "IdempotencyKey"
				if k.AWS {
					field, _ = awsInput(c.info.TypeOf(arg))
				}
				if !c.keyless(enclosingBody(cur), arg, field, k.AWS, con.Attempt) {
					continue
				}
			}
			c.reportSDKHelper(call, fn, k, con)
			return
		}
	}
}

// reportedInput reports whether the engine finds a literal for input
// that checkAWS has reported.
func (c *checker) reportedInput(input ast.Expr) bool {
	for _, v := range c.vf.Eval(input, nil).Each() {
		if v.Node != nil && c.reported[v.Node] {
			return true
		}
	}
	return false
}

// syntacticInput reports whether an AWS input argument is one checkAWS
// judges: a literal or its address, or a local variable.
func syntacticInput(e ast.Expr) bool {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok {
		e = ast.Unparen(u.X)
	}
	switch e.(type) {
	case *ast.CompositeLit, *ast.Ident:
		return true
	}
	return false
}

// reportSDKHelper reports the call of fn, a function with the SDK key k,
// in an attempt of con.
func (c *checker) reportSDKHelper(call *ast.CallExpr, fn *types.Func, k SDKKey, con *retry.Construct) {
	c.reported[call] = true
	name := analysisutil.FuncDisplay(fn, c.pass.Pkg)
	var rel []analysis.RelatedInformation
	if at := c.sdkAt[fn.Origin()]; at != nil && k.Index < 0 {
		rel = append(rel, analysis.RelatedInformation{Pos: at.Pos(), End: at.End(), Message: "sent here, with no key, on every call of " + name})
	}
	what := fmt.Sprintf("%s, sent by %s,", k.What, name)
	if fn.Pkg() != nil && isKeySDK(fn.Pkg().Path()) {
		what = k.What // the SDK's own call, its input kept in a field or made by a helper
	}
	fix := fmt.Sprintf("create a key once before %s and set it in the input %s sends", before(con), name)
	if k.AWS {
		fix = fmt.Sprintf("build the input once before %s, or set its token to a key made there", before(con))
	}
	c.rep.Report(analysis.Diagnostic{
		Pos: call.Pos(), End: call.End(),
		Category: wording.SDKKey,
		Message:  wording.MadeAnew(what, "attempt of "+describe(con)),
		Related:  withFix(append(rel, related(con)...), fix),
	})
}

// isSDKCandidate reports whether a call may send an SDK call with a key
// the SDK fills in: one itself, or a call of a function that may (this
// package's, or another's with SDK keys).
func (c *checker) isSDKCandidate(call *ast.CallExpr, fn *types.Func) bool {
	if _, ok := c.directSDKCall(call, fn); ok {
		return true
	}
	if len(c.calleeKeys(fn).sdk) > 0 {
		c.callsSDK = true
		return true
	}
	return fn.Pkg() == c.pass.Pkg
}
