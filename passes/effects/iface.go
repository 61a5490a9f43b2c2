package effects

import (
	"go/types"
	"slices"
	"sort"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
)

// interfaceEffect resolves a call of an interface method to the concrete
// types that implement the interface among the packages the package under
// analysis can see: when every implementation found commits an effect in
// that method, the call commits it too, and Via names the implementation
// (a handler calling s.client.Issues().CreateIssue through the server's
// own GitLabClient interface, implemented by a wrapper type of another
// package or module that forwards to the SDK).
//
// For an interface declared in the main module (the server's own code;
// the package under analysis belongs to it), implementations are looked
// for in
//   - the interface's own package;
//   - every package whose facts hold an effectful method of that name
//     (facts travel only from the dependencies of the package under
//     analysis, direct or transitive, test files excluded);
//   - the packages of the interface's module that the package under
//     analysis imports, directly or transitively, so that an in-memory
//     twin or a no-op beside the real implementation makes the call
//     unknown: stay silent. A stand-in (a fake that only calls its
//     function-valued fields or a mocking library, or forwards to an
//     embedded interface: StandIn, standin.go) is skipped: the other
//     implementations decide.
//
// For an interface of another module, and in the packages of dependency
// modules (under go vet every dependency is analyzed: their own interfaces
// are SDK plumbing), only the implementations beside the interface are
// looked for, as before.
//
// Not reached: an implementation in a package the caller's package does
// not import (only main wires it in: whatsapp E07). Under go vet each
// package is analyzed with its dependencies' facts only, so its handlers'
// effects cannot depend on the rest of the program; a third-party type
// implementing the interface without an effect of that name outside the
// interface's module is not looked for either.
//
// The work is lazy: only for interface methods of a non-standard package
// with an effectful method of the same name somewhere, memoized per
// method and, for the import walk, per package.
func (r *Result) interfaceEffect(fn *types.Func) *Effect {
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil || !types.IsInterface(sig.Recv().Type()) || fn.Pkg() == nil || isStdPath(fn.Pkg().Path()) {
		return nil // no lock, no memo: the answer is fn's alone
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if e, ok := r.ifaceCache[fn]; ok {
		return e
	}
	var result *Effect
	defer func() { r.ifaceCache[fn] = result }()
	iface, _ := sig.Recv().Type().Underlying().(*types.Interface)
	if iface == nil || fn.Pkg() == nil || isStdPath(fn.Pkg().Path()) {
		return nil
	}
	cands := r.effectPackages(fn.Name())
	if r.progImports != nil {
		// A test variant: the facts of packages only its tests import
		// are the tests' wiring.
		cands = slices.DeleteFunc(slices.Clone(cands), func(p *types.Package) bool { return !r.programReaches(p) })
	}
	// An interface of the main module may have its implementation wired in
	// by a package this one does not import: pending (pending.go).
	key := ifaceKey(fn)
	own := r.ownInterface(fn.Pkg())
	pendable := own && key != ""
	if len(cands) == 0 && !pendable {
		return nil
	}
	pkgs := []*types.Package{fn.Pkg()}
	if own {
		seen := map[*types.Package]bool{fn.Pkg(): true}
		add := func(p *types.Package) {
			if !seen[p] {
				seen[p] = true
				pkgs = append(pkgs, p)
			}
		}
		for _, p := range cands {
			add(p)
		}
		for _, p := range r.localPackages() {
			add(p)
		}
		// A library the catalogue rules (go-github) has no facts, so no
		// effect by name: its types the interface's package imports
		// are looked at too (a server's IssuesService interface over
		// go-github's *IssuesService, for its tests).
		for _, p := range fn.Pkg().Imports() {
			if ruledPackage(p.Path()) {
				add(p)
			}
		}
	} else if !containsPkg(cands, fn.Pkg()) {
		// An interface of another module, or of a dependency's own
		// module: only the implementations beside it, when one of them
		// has an effect.
		return nil
	}
	found, impls := 0, 0
	// judge takes one implementation's effect (implemented by impl):
	// false when it makes the interface method's effect unknown.
	judge := func(e *Effect, impl string) bool {
		if e == nil || e.Soft() || e.Pending() || e.RPC && e.Op == 0 && !e.Mutation && !namesMutation(fn.Name()) || (e.Kind == kindHTTP && (e.Method == "" || postReadByName(e, fn.Name()))) {
			// An implementation without the effect: unknown. So is an
			// HTTP request whose method is not known, or an RPC-style
			// client's POST (slack-go sends its reads so): the method is
			// no evidence (as in toolhints), and the interface, declared
			// for tests, says nothing more, unless its method is named
			// by a change (CreatePaste, DeleteItem: namesMutation).
			return false
		}
		found++
		if implBeats(e, result) {
			result = implView(e)
			result.Via = qualifiedName(fn) + " (implemented by " + impl + ")"
		}
		return true
	}
	for _, pkg := range pkgs {
		ms, n, ok := r.implementations(pkg, iface, fn)
		if !ok {
			result = nil
			return nil
		}
		impls += n
		for _, m := range ms {
			e := r.effects[m.Origin()]
			if e == nil {
				e = ruleOnlyEffect(m.Origin())
			}
			if !judge(e, qualifiedName(m)) {
				result = nil
				return nil
			}
		}
		// Under go vet, the unexported implementations pkg's export
		// data leaves out (hidden.go).
		for _, h := range r.hiddenImpls(pkg, iface, fn) {
			impls++
			if h.standIn && h.effect == nil {
				continue // a fake that forwards: the others decide
			}
			if !judge(h.effect, h.name) {
				result = nil
				return nil
			}
		}
	}
	if found == 0 {
		result = nil
		if impls == 0 && pendable && !r.implementedByImports(iface, fn) {
			result = &Effect{Sink: qualifiedName(fn), Kind: kindPending, Iface: key}
		}
	}
	return result
}

// implBeats reports whether implementation effect a describes an
// interface method better than b (nil for none yet). The implementations
// commit one operation in different ways (a CLI's "podman stop" and an
// API's POST /containers/{id}/stop): when one of them is idempotent by
// nature, so is the operation, whatever another's HTTP method says, so an
// idempotent effect beats one that is not; then the kind decides, as in
// MoreSignificant (#12, podman-mcp-server container_stop).
func implBeats(a, b *Effect) bool {
	if b == nil {
		return true
	}
	if a.Idempotent != b.Idempotent {
		return a.Idempotent
	}
	return significance(a.Kind) < significance(b.Kind)
}

// effectPackages returns the packages with an effectful method named
// name, from the facts. r.mu must be held.
func (r *Result) effectPackages(name string) []*types.Package {
	if r.effectNames == nil {
		r.effectNames = make(map[string][]*types.Package)
		seen := make(map[methodKey]bool)
		for obj, e := range r.effects {
			fn, ok := obj.(*types.Func)
			if !ok || fn.Pkg() == nil || !hasRecv(fn) || e.Pending() {
				continue
			}
			k := methodKey{fn.Pkg(), fn.Name()}
			if !seen[k] {
				seen[k] = true
				r.effectNames[fn.Name()] = append(r.effectNames[fn.Name()], fn.Pkg())
			}
		}
		for _, ps := range r.effectNames {
			sort.Slice(ps, func(i, j int) bool { return ps[i].Path() < ps[j].Path() })
		}
	}
	return r.effectNames[name]
}

// postReadByName reports whether e, an HTTP POST, is reached through a
// method named like a read (GetConversationsContext, SearchMessages): a
// POST that is a read by design (http.go's rule, applied at the interface
// the server declares).
func postReadByName(e *Effect, name string) bool {
	return e.Method == "POST" && readName(name)
}

func containsPkg(ps []*types.Package, p *types.Package) bool {
	for _, q := range ps {
		if q == p {
			return true
		}
	}
	return false
}

// ownInterface reports whether an interface of pkg is one of the
// program's own that a package of it may leave pending: the package is
// of the main module and so is the interface, or both are of the
// program's own modules (analysisutil.SetLocalModules).
func (r *Result) ownInterface(pkg *types.Package) bool {
	if r.strictProc && sameModule(r.module, pkg.Path()) {
		return true
	}
	return r.local && analysisutil.InLocalModule(pkg.Path())
}

// localPackages returns the packages of the module under analysis that
// the package imports, directly or not, and, where the driver knows the
// program's other own modules (analysisutil.SetLocalModules), their
// packages it imports through the program's own packages.
func (r *Result) localPackages() []*types.Package {
	if len(analysisutil.LocalModulePaths()) == 0 {
		return r.modulePackages(r.module)
	}
	return r.importedWhere("\x00local", func(path string) bool {
		return sameModule(r.module, path) || analysisutil.InLocalModule(path)
	})
}

// modulePackages returns the packages of module mod that the package
// under analysis imports, directly or transitively through packages of
// that module, itself included; memoized. r.mu must be held.
func (r *Result) modulePackages(mod string) []*types.Package {
	return r.importedWhere(mod, func(path string) bool { return sameModule(mod, path) })
}

// importedWhere returns the packages whose path in accepts that the
// package under analysis imports, directly or transitively through
// accepted packages, itself included; memoized under key. r.mu must be
// held.
func (r *Result) importedWhere(key string, in func(path string) bool) []*types.Package {
	if ps, ok := r.imported[key]; ok {
		return ps
	}
	if r.imported == nil {
		r.imported = make(map[string][]*types.Package)
	}
	var ps []*types.Package
	if r.pkg != nil {
		seen := make(map[*types.Package]bool)
		var walk func(p *types.Package)
		walk = func(p *types.Package) {
			if seen[p] || isStdPath(p.Path()) {
				return
			}
			seen[p] = true
			ok := in(p.Path())
			if ok {
				ps = append(ps, p)
			}
			if !ok && p != r.pkg {
				return // the accepted packages are reached through their own
			}
			for _, q := range p.Imports() {
				if p == r.pkg && r.progImports != nil && !r.progImports[q.Path()] {
					continue // imported by the tests only
				}
				walk(q)
			}
		}
		walk(r.pkg)
	}
	r.imported[key] = ps
	return ps
}

// programReaches reports whether the package's non-test files import p,
// directly or transitively (a test variant's; progImports). r.mu must be
// held.
func (r *Result) programReaches(p *types.Package) bool {
	if r.progReach == nil {
		r.progReach = make(map[*types.Package]bool)
		var walk func(q *types.Package)
		walk = func(q *types.Package) {
			if r.progReach[q] {
				return
			}
			r.progReach[q] = true
			for _, i := range q.Imports() {
				walk(i)
			}
		}
		for _, q := range r.pkg.Imports() {
			if r.progImports[q.Path()] {
				walk(q)
			}
		}
	}
	return r.progReach[p]
}

// httpOf returns fn's HTTP fact. For a method of an interface, it is the
// fact its implementations beside the interface agree on, stand-ins
// aside: gokiteconnect's Client.doEnvelope sends through its HTTPClient
// interface, implemented in the same package by *httpClient, whose
// DoEnvelope takes the method from its first parameter. A fact whose
// method comes from the receiver's fields does not carry over to an
// interface value.
func (r *Result) httpOf(fn *types.Func) *HTTP {
	if h := r.http[fn]; h != nil {
		return h
	}
	if h := senders[fn.FullName()]; h != nil {
		return h
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil || !types.IsInterface(sig.Recv().Type()) || fn.Pkg() == nil || isStdPath(fn.Pkg().Path()) || !r.httpFactPkgs[fn.Pkg()] {
		return nil
	}
	var agreed *HTTP
	for _, m := range r.implsBeside(fn) {
		h := r.http[m]
		if h == nil || h.MethodRecv {
			return nil
		}
		if agreed == nil {
			agreed = h
		} else if !sameHTTP(agreed, h) {
			return nil
		}
	}
	return agreed
}

// sameHTTP reports whether two facts say the same, whatever function
// they end in.
func sameHTTP(a, b *HTTP) bool {
	x, y := *a, *b
	x.Sink, y.Sink, x.From, y.From = "", "", "", ""
	return x == y
}

// implsBeside returns the methods implementing interface method fn by the
// types declared beside the interface, stand-ins excluded; memoized. A
// generic type, or one whose method is not a function, makes the answer
// nil.
func (r *Result) implsBeside(fn *types.Func) []*types.Func {
	r.implMu.Lock()
	defer r.implMu.Unlock()
	if ms, ok := r.impls[fn]; ok {
		return ms
	}
	if r.impls == nil {
		r.impls = make(map[*types.Func][]*types.Func)
	}
	var ms []*types.Func
	defer func() { r.impls[fn] = ms }()
	iface, _ := fn.Type().(*types.Signature).Recv().Type().Underlying().(*types.Interface)
	if iface == nil {
		return nil
	}
	ms, _, _ = r.implementations(fn.Pkg(), iface, fn)
	return ms
}

// implementations returns the methods implementing interface method fn
// of iface by the types declared in pkg, stand-ins without an effect
// excluded, and n, the number of types implementing it, stand-ins
// included; ok is false
// when a type's method of that name is not a function (a field). Generic
// types are left out.
func (r *Result) implementations(pkg *types.Package, iface *types.Interface, fn *types.Func) (ms []*types.Func, n int, ok bool) {
	all, ok := analysisutil.Implementations(pkg, iface, fn.Pkg(), fn.Name())
	if !ok {
		return nil, 0, false
	}
	for _, m := range all {
		if r.testFiles != nil && r.testFiles[r.pass.Fset.File(m.Pos())] {
			continue // a test's fake: the tests' wiring
		}
		own := r.effects[m.Origin()]
		if r.standIn(m) && testDouble(recvType(m)) || holdsIface(recvType(m), recvType(fn)) && (r.standIn(m) || own == nil || own.Pending()) {
			// A test double, or a layer that forwards to another
			// implementation of the same interface it holds (a
			// Manager over its Storage; a decorator that rate-limits
			// or retries, then calls g.inner.CreateEvent), committing
			// nothing of its own: neither is the implementation the
			// program runs, which is still to be wired in.
			continue
		}
		n++ // other stand-ins included: the implementation is in sight (pending.go)
		if r.standIn(m) && (r.effects[m.Origin()] == nil || r.effects[m.Origin()].Pending()) {
			// A fake that forwards: the others decide. A forwarder
			// whose own call resolves to an effect (a wrapper of the
			// SDK's interface, w.service.CreateIssue) is an
			// implementation like the others.
			continue
		}
		ms = append(ms, m)
	}
	return ms, n, true
}

// implementedByImports reports whether a package the package under
// analysis imports directly, outside the standard library, implements
// iface (an SDK's client the server passes in itself): the implementation
// is then in sight, not wired in elsewhere. r.mu must be held.
func (r *Result) implementedByImports(iface *types.Interface, fn *types.Func) bool {
	if r.pkg == nil {
		return false
	}
	for _, p := range r.pkg.Imports() {
		if isStdPath(p.Path()) {
			continue
		}
		if _, n, ok := r.implementations(p, iface, fn); !ok || n > 0 || len(r.hiddenImpls(p, iface, fn)) > 0 {
			return true
		}
	}
	return false
}

// ruleOnlyEffect returns the effect the catalogue's rule gives fn, a
// method of a library it rules, where the rule needs no argument of a
// call (go-github's IssuesService.CreateComment, whose check reads the
// method alone): what an interface method it implements commits. Nil
// for a read, or a rule whose check reads a call's arguments.
func ruleOnlyEffect(fn *types.Func) *Effect {
	if fn.Pkg() == nil || !ruledPackage(fn.Pkg().Path()) {
		return nil
	}
	e, _ := pkgRuleEffect(&site{fn: fn})
	return e
}

// recvType returns the receiver type of method m, or nil.
func recvType(m *types.Func) types.Type {
	if sig, ok := m.Type().(*types.Signature); ok && sig.Recv() != nil {
		return sig.Recv().Type()
	}
	return nil
}

// holdsIface reports whether t (or *t) is a struct with a field of the
// named interface type iface (not another of the same methods: a wrapper
// of an SDK's interface is the implementation).
func holdsIface(t, iface types.Type) bool {
	if t == nil || iface == nil {
		return false
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if types.Identical(st.Field(i).Type(), iface) {
			return true
		}
	}
	return false
}
