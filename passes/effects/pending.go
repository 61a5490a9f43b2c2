package effects

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/passes/valueflow"
)

// Pending interface calls. A server's handler often reaches its store
// through an interface of its own module (model.TaskStore.SaveTask) that
// only main wires to the implementation (store.SQLiteStore): the handler's
// package does not import the implementation's, so under go vet, where a
// package sees its dependencies' facts only, the call's effect is not
// known there. Such a call is recorded as pending (Effect.Iface, kind
// kindPending): a conditional effect that is no effect for the checks
// (firm), carried by the facts of the functions that make it, and
// resolved at each call in a package that can see the implementations,
// by the same rule as any interface call (interfaceEffect: every
// implementation found commits an effect). The checks ask for a pending
// effect explicitly (CallEffectOrPending, PendingFunc) to hand the question to
// the package that wires the server (dedupekey's Pending fact).

// Pending reports whether e is a pending interface call.
func (e *Effect) Pending() bool { return e != nil && e.Iface != "" }

// ifaceKey names an interface method for a fact: "path.Type.Method", or
// "" when the interface is not a named type of a package.
func ifaceKey(fn *types.Func) string {
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil {
		return ""
	}
	n, ok := types.Unalias(sig.Recv().Type()).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.TypeParams().Len() > 0 {
		return ""
	}
	return n.Obj().Pkg().Path() + "." + n.Obj().Name() + "." + fn.Name()
}

// ifaceMethod returns the interface method key names, among the packages
// the package under analysis imports (directly or not), or nil.
func (r *Result) ifaceMethod(key string) *types.Func {
	i := strings.LastIndexByte(key, '.')
	if i < 0 {
		return nil
	}
	j := strings.LastIndexByte(key[:i], '.')
	if j < 0 {
		return nil
	}
	path, tname, mname := key[:j], key[j+1:i], key[i+1:]
	pkg := r.importedPkg(path)
	if pkg == nil {
		return nil
	}
	tn, _ := pkg.Scope().Lookup(tname).(*types.TypeName)
	if tn == nil || !types.IsInterface(tn.Type()) {
		return nil
	}
	obj, _, _ := types.LookupFieldOrMethod(tn.Type(), false, pkg, mname)
	fn, _ := obj.(*types.Func)
	return fn
}

// importedPkg returns the package at path among the program's own
// packages that the package under analysis imports (itself included),
// or nil: a pending call's interface is always one of them.
func (r *Result) importedPkg(path string) *types.Package {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, p := range r.localPackages() {
		if p.Path() == path {
			return p
		}
	}
	return nil
}

// pendingCall resolves a call of fn, whose effect is the pending
// interface call e, where the package under analysis sees the
// implementations: their effect, through fn; still pending when none is
// visible here either; nil when an implementation without the effect is.
func (r *Result) pendingCall(fn types.Object, e *Effect) *Effect {
	// The calls in order: the first that commits an effect here decides;
	// those not visible here stay pending, for a package that sees them.
	var still []string
	for i, key := range e.ifaces() {
		m := r.ifaceMethod(key)
		if m == nil {
			still = append(still, key)
			continue
		}
		ie := r.interfaceEffect(m)
		switch {
		case ie == nil:
			continue
		case ie.Pending():
			still = append(still, key)
			continue
		case ie.conditional():
			continue // decided by arguments this call does not pass on
		}
		c := *ie
		c.Via = qualifiedName(fn)
		c.KeyChecked, c.Asserted = false, false
		// A guard of fn's before them makes them converge (guard.go:
		// a pending effect is idempotent only so).
		if e.Idempotent && !c.Idempotent {
			c.Idempotent, c.Guarded = true, true
		}
		c.Trail = e.Trail
		if i > 0 && len(e.Trail) > 0 {
			// e's trail ends at its first pending call, which
			// commits nothing here: the implementation's own trail
			// says where this one goes.
			c.Trail = append(slices.Clip(e.Trail[:len(e.Trail)-1]), ie.Trail...)
			c.Trail = c.Trail[:min(len(c.Trail), maxTrail)]
		}
		return &c
	}
	if len(still) == 0 {
		return nil
	}
	return &Effect{Sink: e.Sink, Kind: kindPending, Iface: still[0], MoreIfaces: still[1:], Via: qualifiedName(fn), Idempotent: e.Idempotent, Guarded: e.Guarded}
}

// maxMoreIfaces bounds Effect.MoreIfaces.
const maxMoreIfaces = 3

// ifaces returns e's pending interface calls, in order.
func (e *Effect) ifaces() []string {
	if !e.Pending() {
		return nil
	}
	return append([]string{e.Iface}, e.MoreIfaces...)
}

// Ifaces is ifaces for the checks: the interface methods a pending
// effect calls, in order.
func (e *Effect) Ifaces() []string { return e.ifaces() }

// withPending returns e, a pending effect, with the pending calls of p
// after its own (MoreIfaces), as a copy.
func (e *Effect) withPending(p *Effect) *Effect {
	more := e.MoreIfaces
	for _, key := range p.ifaces() {
		if len(more) >= maxMoreIfaces {
			break
		}
		if key != e.Iface && !slices.Contains(more, key) {
			more = append(slices.Clip(more), key)
		}
	}
	if len(more) == len(e.MoreIfaces) {
		return e
	}
	c := *e
	c.MoreIfaces = more
	return &c
}

// ResolveIface returns the effect of the interface method key ("path.Type.Method",
// Effect.Iface) as the package under analysis sees its implementations:
// nil when they are not all effectful, or still pending.
func (r *Result) ResolveIface(key string) *Effect {
	m := r.ifaceMethod(key)
	if m == nil {
		return nil
	}
	return r.interfaceEffect(m)
}

// CallEffectOrPending is CallEffect, and beside it the pending interface
// call that call makes (its callee's, or an interface method called
// directly) as this package sees it, or nil: one lookup for both.
func (r *Result) CallEffectOrPending(sc *Scope, call *ast.CallExpr) (effect, pending *Effect) {
	e := r.callEffect(sc, call, typeutil.Callee(sc.info, call))
	if e.Pending() {
		return nil, e
	}
	return firm(e), nil
}

// HandlerEffect is FuncEffect for a handler registered in the package
// under analysis: obj, or its literal ref names (a closure of another
// package's function, mcpmodel.Func.Ref). Where the handler, of
// another package, leaves an interface call pending, the implementations
// this package sees decide it, as at a call of obj (the SDK calls the
// handler): a server package that builds the client and passes it to
// the handler's constructor of another package wires it.
//
// env binds the parameters of the function writing the literal as the
// registration's call of it does (mcpmodel.Func.Env): the function
// values the literal calls (LitEffect.Calls) are the call's.
func (r *Result) HandlerEffect(obj types.Object, ref LitRef, env *valueflow.Env) *Effect {
	e := r.handlerFact(obj, ref, env)
	if !e.Pending() || obj.Pkg() == r.pkg {
		return firm(e)
	}
	res := firm(r.pendingCall(obj, e))
	if res == nil {
		return nil
	}
	// What the handler itself does besides the call: its key reads,
	// its directive, the arguments it reads.
	c := *res
	c.KeyChecked, c.KeyFrom, c.KeyField, c.Asserted, c.Args, c.KeyMade = e.KeyChecked, e.KeyFrom, e.KeyField, e.Asserted, e.Args, e.KeyMade
	return &c
}

// PendingFunc returns the pending interface call of obj, a function of
// another package (a handler registered here), or of its literal ref
// names (HandlerEffect), or nil.
func (r *Result) PendingFunc(obj types.Object, ref LitRef) *Effect {
	if e := r.handlerFact(obj, ref, nil); e.Pending() {
		return e
	}
	return nil
}

// hasTestFiles reports whether the pass's files include a _test.go file:
// a test variant of the package.
func hasTestFiles(pass *analysis.Pass) bool {
	for _, f := range pass.Files {
		if strings.HasSuffix(pass.Fset.Position(f.Pos()).Filename, "_test.go") {
			return true
		}
	}
	return false
}

// programImports returns the import paths of the package's files that
// are not test files, and its test files: in a test variant, the
// packages only its tests import, and the types its tests declare, are
// the tests' wiring (an implementation a test constructs), and do not
// decide an interface call of the package (localPackages,
// implementations).
func programImports(pass *analysis.Pass) (map[string]bool, map[*token.File]bool) {
	m := make(map[string]bool)
	tests := make(map[*token.File]bool)
	for _, f := range pass.Files {
		if tf := pass.Fset.File(f.Pos()); tf != nil && strings.HasSuffix(tf.Name(), "_test.go") {
			tests[tf] = true
			continue
		}
		for _, imp := range f.Imports {
			if path, err := strconv.Unquote(imp.Path.Value); err == nil {
				m[path] = true
			}
		}
	}
	return m, tests
}
