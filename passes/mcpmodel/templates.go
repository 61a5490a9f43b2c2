package mcpmodel

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"github.com/mcpvet/mcpvet/passes/valueflow"
)

// This file follows a project's registration layer through calls. A
// function that registers tools whose definition or handler come from
// its parameters (Register(s, defs) ranging over a table, register(s,
// def) taking one value) is a template: what it registers, as the
// value-flow engine sees it in terms of its parameters. Each call of it
// is one registration per value it is given; a call that passes its own
// caller's parameters on makes that caller a template in turn, so a
// chain of helpers is followed to the code that writes the values. An
// exported template carries a Registers fact, so an importer's calls are
// resolved the same way.
//
// A registration whose every call passes concrete values is resolved
// where it is written, with the engine bound to each call's arguments
// (flow.go); this file takes the others.

// Registers is an object fact on an exported function whose tool
// registrations read its parameters.
type Registers struct {
	Regs []Template
}

// Template is one registration of a Registers function.
type Template struct {
	SDK     SDK
	Def     *valueflow.Wire
	Handler *valueflow.Wire
	// Loops are what the placeholders of Def and Handler stand for, in
	// order (valueflow.Placeholder): an element of a table the function
	// ranges over, in terms of its parameters and the placeholders
	// before it.
	Loops []*valueflow.Wire
}

func (*Registers) AFact() {}

// TemplatePackage is a package fact: the package exports Registers
// facts. An importer looks for them only among the functions of such
// packages.
type TemplatePackage struct{}

func (*TemplatePackage) AFact()         {}
func (*TemplatePackage) String() string { return "templates" }

func (f *Registers) String() string {
	s := "registers("
	for i, t := range f.Regs {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprintf("%s def=%s handler=%s loops=%d", t.SDK, t.Def, t.Handler, len(t.Loops))
	}
	return s + ")"
}

// template is a Template as values: of a function of this package, or
// decoded from an imported fact.
type template struct {
	fn           *types.Func
	sdk          SDK
	def, handler *valueflow.Value
	loops        []*valueflow.Value
	// depth is how many calls it was lifted through; -1 marks a
	// template of this package whose calls resolveTemplates makes.
	depth int
}

const (
	// maxTemplates bounds the registrations one function's template
	// holds.
	maxTemplates = 8
	// maxLift bounds the chain of calls a template is lifted through.
	maxLift = 4
)

// noteTemplate records a registration whose tool definition or handler
// reads the parameters of the function making it. It reports whether the
// registration is left to the templates: the function has no call in the
// package (an importer's calls make it), or a call passes values its
// caller takes from its own parameters.
func (b *builder) noteTemplate(sdk SDK, reg ast.Node, def, handler ast.Expr) bool {
	fd, _ := b.enclosingFunc(reg.Pos()).(*ast.FuncDecl)
	if fd == nil {
		return false
	}
	exprs := []ast.Expr{def, handler}
	if !b.reads(fd, exprs, true) {
		// A registry of the package that another function fills from
		// its parameter: that function's calls register.
		if fd = b.filler(fd, exprs); fd == nil {
			return false
		}
	}
	fn := b.funcObj(fd)
	if fn == nil || len(b.templates[fn]) >= maxTemplates {
		return false
	}
	env, loops := b.placeholders(fd, fn, []ast.Expr{def, handler})
	dv := b.vf.Eval(def, env)
	hv := b.vf.Eval(handler, env)
	// A literal calling the handler its values hold (out, err :=
	// d.Run(ctx, args)) stands for that handler; so does a middleware's
	// literal wrapping a dispatcher's, which stands for the verbs'.
	for i := 0; i < maxForwardDepth && hv.Kind == valueflow.Closure && hv.Lit != nil; i++ {
		fv := b.forwardedValues(hv)
		if len(fv) != 1 {
			break
		}
		hv = fv[0]
	}
	// A registration whose tool is decided in its own package and whose
	// handler resolves there (a method of a parameter of a known type)
	// is complete there.
	if !b.defData(fd, dv) && !symbolic(hv) {
		return false
	}
	t := &template{fn: fn, sdk: sdk, def: dv, handler: hv, loops: loops}
	if b.templates == nil {
		b.templates = make(map[*types.Func][]*template)
	}
	b.templates[fn] = append(b.templates[fn], t)
	sites := b.callSites(fn)
	if len(sites) == 0 {
		return fn.Exported()
	}
	for _, cs := range sites {
		if cd, ok := cs.In.(*ast.FuncDecl); ok && b.liftTo(cd, cs.Call, t) != nil {
			t.depth = -1 // resolved by resolveTemplates, at every call
			return true
		}
	}
	return false
}

// filler returns the function whose calls decide what a registration in
// fd registers when fd ranges over a package-level table that function
// fills from its parameter: a plugin registry, whose tools each package
// adds from its init function (RegisterTool(t) appends t to tools;
// RegisterAllTools(s) adds each to the server). The engine gives a
// table's element as the values stored into it, here the filler's
// parameter. It returns nil when the registration reads no such table,
// or more than one function fills it.
func (b *builder) filler(fd *ast.FuncDecl, exprs []ast.Expr) *ast.FuncDecl {
	var out *ast.FuncDecl
	for _, v := range b.freeVars(exprs) {
		table, _ := ast.Unparen(b.vf.RangedOver(v)).(*ast.Ident)
		if table == nil {
			continue
		}
		tv, _ := b.pass.TypesInfo.Uses[table].(*types.Var)
		if tv == nil || tv.Pkg() != b.pass.Pkg || tv.Parent() != b.pass.Pkg.Scope() {
			continue // not a package-level table
		}
		ok := true
		b.vf.Eval(b.identFor(v), nil).Mentions(func(x *valueflow.Value) bool {
			if x.Kind != valueflow.Param || x.Obj == nil {
				return false
			}
			f := b.paramFunc(x.Obj)
			switch {
			case f == nil || f == fd || out != nil && f != out:
				ok = false
			default:
				out = f
			}
			return false
		})
		if !ok {
			return nil
		}
	}
	if out == nil || !b.reads(out, exprs, false) {
		return nil
	}
	return out
}

// paramFunc returns the function declaration of the package that
// declares the parameter obj, or nil.
func (b *builder) paramFunc(obj types.Object) *ast.FuncDecl {
	if b.paramFuncs == nil {
		b.paramFuncs = make(map[types.Object]*ast.FuncDecl)
		for _, f := range b.pass.Files {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
					for _, fld := range fd.Type.Params.List {
						for _, n := range fld.Names {
							if o := b.pass.TypesInfo.Defs[n]; o != nil {
								b.paramFuncs[o] = fd
							}
						}
					}
				}
			}
		}
	}
	return b.paramFuncs[obj]
}

// callSites returns the calls of fn in the package: its static calls,
// and the interface calls that may run it (a Tool's t.toServerTool(),
// where fn is the one implementation that reads its receiver's fields).
func (b *builder) callSites(fn *types.Func) []valueflow.CallSite {
	return append(b.vf.CallSites(fn), b.vf.DynamicCallSites(fn)...)
}

// placeholders binds each variable the expressions read that holds an
// element of a table fd's parameters give (a range loop's value) to a
// placeholder, and returns the bindings and the elements.
func (b *builder) placeholders(fd *ast.FuncDecl, fn *types.Func, exprs []ast.Expr) (*valueflow.Env, []*valueflow.Value) {
	var env *valueflow.Env
	var loops []*valueflow.Value
	for _, v := range b.freeVars(exprs) {
		val := b.vf.Eval(b.identFor(v), env)
		if val.Kind != valueflow.Elem || !b.paramData(fd, val, 0) {
			continue
		}
		env = env.Bind(v, valueflow.Placeholder(fn, len(loops)))
		loops = append(loops, val)
	}
	return env, loops
}

// passesParams reports whether a call of t in fd passes it values of
// fd's parameters that its registrations read (not the server it
// registers on).
func (b *builder) passesParams(fd *ast.FuncDecl, call *ast.CallExpr, t *template) bool {
	args := b.vf.Args(t.fn, call, nil)
	recv := b.vf.Recv(t.fn, call, nil)
	def, handler := b.vf.SubstRecv(t.fn, t.def, recv, args), b.vf.SubstRecv(t.fn, t.handler, recv, args)
	if b.defData(fd, def) || b.paramData(fd, handler, 0) {
		return true
	}
	// A tool value of an interface type a caller's table holds
	// (register(s, t) in a loop over the receiver's tools): its methods
	// dispatch on what the caller stored.
	if b.methodOnParam(fd, def) || b.methodOnParam(fd, handler) {
		return true
	}
	for _, l := range t.loops {
		lv := b.vf.SubstRecv(t.fn, l, recv, args)
		if !b.paramData(fd, lv, 0) {
			continue
		}
		if len(t.loops) > 1 || !madeHere(lv) || b.decidedBy(fd, t, recv, args, lv) {
			return true
		}
	}
	return false
}

// liftTo returns the function whose calls decide what a call of t in fd
// registers: fd when it passes t its own parameters, the filler of a
// package table fd passes t an element of (filler), or nil when the
// call's values are decided where it is.
func (b *builder) liftTo(fd *ast.FuncDecl, call *ast.CallExpr, t *template) *ast.FuncDecl {
	if b.passesParams(fd, call, t) {
		return fd
	}
	if f := b.filler(fd, call.Args); f != nil && b.passesParams(f, call, t) {
		return f
	}
	return nil
}

// methodOnParam reports whether v is the result of a method called on
// data of fd's callers (Method: t.Definition() of an element of a
// table a setter filled), which their values decide. A call of a
// function value a caller passes (authMW(h)) is a middleware's
// (wrappedArg), not this.
func (b *builder) methodOnParam(fd *ast.FuncDecl, v *valueflow.Value) bool {
	for _, a := range v.Each() {
		if a.Kind == valueflow.Method && a.Name != "" && a.X != nil && b.paramData(fd, a.X, 0) {
			return true
		}
	}
	return false
}

// madeHere reports whether each value a table holds is a struct made
// where it is written (r.Register(manage.New(base))): the tool's type,
// and so its methods, are decided there, whatever fields a caller's
// values fill.
func madeHere(v *valueflow.Value) bool {
	each := v.Each()
	for _, a := range each {
		if a.Kind != valueflow.Struct {
			return false
		}
	}
	return len(each) > 0
}

// decidedBy reports whether what a template of one loop registers for
// the table elements v reads fd's parameters: a tool's name or
// annotations, or its handler. A base URL a constructor stores in the
// tool decides neither.
func (b *builder) decidedBy(fd *ast.FuncDecl, t *template, recv *valueflow.Value, args []*valueflow.Value, v *valueflow.Value) bool {
	for _, a := range v.Each() {
		in := append(append([]*valueflow.Value(nil), args...), a)
		if b.defData(fd, b.vf.SubstRecv(t.fn, t.def, recv, in)) || b.paramData(fd, b.vf.SubstRecv(t.fn, t.handler, recv, in), 0) {
			return true
		}
	}
	return false
}

// defData is paramData for a tool definition: only what decides a
// registration counts (a tool struct's Name and Annotations, a
// constructor's name and options), not a description a caller's
// translation function makes.
func (b *builder) defData(fd *ast.FuncDecl, v *valueflow.Value) bool {
	for _, a := range v.Each() {
		if a.Kind != valueflow.Struct {
			if b.paramData(fd, a, 0) {
				return true
			}
			continue
		}
		for _, name := range []string{"Name", "Annotations"} {
			if f, ok := a.Field(name); ok && f != nil && b.paramData(fd, f, 0) {
				return true
			}
		}
	}
	return false
}

// paramData reports whether v holds data a caller of fd writes: one of
// its parameters (not the receiver) or a placeholder, or a field or
// element of one, not the result of a method called on one (the tools a
// client session lists are the server's, not the caller's).
func (b *builder) paramData(fd *ast.FuncDecl, v *valueflow.Value, depth int) bool {
	if v == nil || depth > 8 {
		return false
	}
	for _, a := range v.Each() {
		switch a.Kind {
		case valueflow.Param:
			if a.Index >= 0 && (a.Obj == nil || b.isParamOf(fd, a.Obj)) {
				return true
			}
		case valueflow.Field, valueflow.Elem:
			if x := a.X; a.Kind == valueflow.Field && x != nil && x.Kind == valueflow.Param && x.Index == -1 {
				// A field of the receiver counts when a setter method
				// of its type fills it from its parameters (s.entries =
				// append(s.entries, &entry{tool, h})): the callers'
				// values, bound where the setter and this method are
				// called. A field set otherwise (a constructor, a
				// literal) is the receiver's own, resolved where it is
				// written.
				if x.Obj != nil && b.isRecvOf(fd, x.Obj) && b.setterFilled(fd, a.Name) {
					return true
				}
				continue
			}
			if b.paramData(fd, a.X, depth+1) {
				return true
			}
		case valueflow.Call:
			if a.Recv != nil {
				continue // a method's result: run-time data (up.Tools(ctx))
			}
			for _, x := range a.Args {
				if b.paramData(fd, x, depth+1) {
					return true
				}
			}
		case valueflow.Struct:
			for _, f := range a.Fields {
				if b.paramData(fd, f.Value, depth+1) {
					return true
				}
			}
		case valueflow.Concat:
			// A name made from one: "own_" + name.
			for _, x := range a.Args {
				if b.paramData(fd, x, depth+1) {
					return true
				}
			}
		}
	}
	return false
}

// setterFilled reports whether a method of the receiver type of fd
// stores into the receiver's field name a value that one of its
// parameters gives (its value-flow summary's stores).
func (b *builder) setterFilled(fd *ast.FuncDecl, name string) bool {
	fn := b.funcObj(fd)
	if fn == nil || b.vf == nil {
		return false
	}
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil {
		return false
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := t.(*types.Named)
	if !ok {
		return false
	}
	for i := 0; i < named.NumMethods(); i++ {
		m := named.Method(i)
		if m == fn {
			continue
		}
		sum := b.vf.Summary(m)
		if sum == nil {
			continue
		}
		for _, st := range sum.Stores {
			if st.Param != -1 || st.Apply || len(st.Path) == 0 || st.Path[0] != name {
				continue
			}
			if st.Value.Mentions(func(v *valueflow.Value) bool { return v.Kind == valueflow.Param && v.Index >= 0 }) {
				return true
			}
		}
	}
	return false
}

// isRecvOf reports whether obj is the receiver of the method fd.
func (b *builder) isRecvOf(fd *ast.FuncDecl, obj types.Object) bool {
	if fd.Recv == nil {
		return false
	}
	for _, f := range fd.Recv.List {
		for _, n := range f.Names {
			if b.pass.TypesInfo.Defs[n] == obj {
				return true
			}
		}
	}
	return false
}

func (b *builder) isParamOf(fd *ast.FuncDecl, obj types.Object) bool {
	for _, f := range fd.Type.Params.List {
		for _, n := range f.Names {
			if b.pass.TypesInfo.Defs[n] == obj {
				return true
			}
		}
	}
	return false
}

// symbolic reports whether v is decided by a caller: a parameter, or a
// field, element or method result of one.
func symbolic(v *valueflow.Value) bool {
	for _, a := range v.Each() {
		switch a.Kind {
		case valueflow.Param, valueflow.Field, valueflow.Elem, valueflow.Method:
			return true
		}
	}
	return false
}

// resolveTemplates makes the registrations of the templates' calls in
// the package, lifting a template into a caller that passes its own
// parameters on, and exports the Registers facts of the exported ones.
func (b *builder) resolveTemplates() {
	if b.vf == nil {
		return
	}
	var work []*template
	for _, ts := range b.templates {
		for _, t := range ts {
			if t.depth < 0 || len(b.callSites(t.fn)) == 0 {
				t.depth = 0
				work = append(work, t)
			}
		}
	}
	imported, its := b.importedTemplates()
	work = append(work, its...)
	for len(work) > 0 {
		t := work[0]
		work = work[1:]
		var calls []*ast.CallExpr
		if t.fn.Pkg() == b.pass.Pkg {
			for _, cs := range b.callSites(t.fn) {
				calls = append(calls, cs.Call)
			}
		} else {
			calls = imported[t.fn]
		}
		for _, call := range calls {
			if lifted := b.instantiate(call, t); lifted != nil && lifted.depth <= maxLift {
				work = append(work, lifted)
			}
		}
	}
	b.exportTemplates()
}

// importedTemplates returns the calls of the package to templates of
// other packages, and those templates.
func (b *builder) importedTemplates() (map[*types.Func][]*ast.CallExpr, []*template) {
	var out []*template
	calls := make(map[*types.Func][]*ast.CallExpr)
	facts := make(map[*types.Func]bool)
	for _, f := range b.pass.Files {
		analysisutil.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			for _, fn := range b.importedCallees(call) {
				if fn.Pkg() == nil || fn.Pkg() == b.pass.Pkg || !b.templatePkg(fn.Pkg()) {
					continue
				}
				fn = fn.Origin()
				has, seen := facts[fn]
				if !seen {
					var fact Registers
					has = b.pass.ImportObjectFact(fn, &fact)
					facts[fn] = has
					if has {
						out = append(out, b.decodeTemplates(fn, &fact)...)
					}
				}
				if has {
					calls[fn] = append(calls[fn], call)
				}
			}
			return true
		})
	}
	return calls, out
}

// importedCallees returns the functions a call may run: its static
// callee, or, for a method of an interface of another package (s.
// AddTools(tool) on a project's Server), the implementations declared
// beside that interface.
func (b *builder) importedCallees(call *ast.CallExpr) []*types.Func {
	info := b.pass.TypesInfo
	if fn := typeutil.StaticCallee(info, call); fn != nil {
		return []*types.Func{fn}
	}
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == b.pass.Pkg {
		return nil
	}
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == nil {
		return nil
	}
	named, _ := types.Unalias(sig.Recv().Type()).(*types.Named)
	iface, _ := sig.Recv().Type().Underlying().(*types.Interface)
	if named == nil || iface == nil || named.Obj().Pkg() != fn.Pkg() || !b.templatePkg(fn.Pkg()) {
		return nil
	}
	impls, ok := analysisutil.Implementations(fn.Pkg(), iface, fn.Pkg(), fn.Name())
	if !ok || len(impls) > maxTemplates {
		return nil
	}
	return impls
}

// templatePkg reports whether pkg exports Registers facts.
func (b *builder) templatePkg(pkg *types.Package) bool {
	has, ok := b.tmplPkgs[pkg]
	if !ok {
		if b.tmplPkgs == nil {
			b.tmplPkgs = make(map[*types.Package]bool)
		}
		has = b.pass.ImportPackageFact(pkg, new(TemplatePackage))
		b.tmplPkgs[pkg] = has
	}
	return has
}

// decodeTemplates returns the templates of an imported fact.
func (b *builder) decodeTemplates(fn *types.Func, fact *Registers) []*template {
	var out []*template
	for _, w := range fact.Regs {
		t := &template{fn: fn, sdk: w.SDK, def: b.vf.Decode(fn, w.Def), handler: b.vf.Decode(fn, w.Handler)}
		for _, l := range w.Loops {
			t.loops = append(t.loops, b.vf.Decode(fn, l))
		}
		out = append(out, t)
	}
	return out
}

// instantiate adds the registrations one call of a template makes, one
// per value the call passes. When the values come from the parameters
// of the function making the call, it returns that function's template
// instead.
func (b *builder) instantiate(call *ast.CallExpr, t *template) *template {
	type inst struct {
		args []*valueflow.Value
		recv *valueflow.Value
		node ast.Node
	}
	// The caller's own values: a loop of the caller passing each element
	// of a table it has, or of one its parameters give (a placeholder of
	// the caller's template).
	var insts []inst
	var callerLoops []*valueflow.Value
	caller, _ := b.enclosingFunc(call.Pos()).(*ast.FuncDecl)
	var callerFn *types.Func
	if caller != nil {
		if caller = b.liftTo(caller, call, t); caller != nil {
			callerFn = b.funcObj(caller)
		}
	}
	// The arguments as the template's function leaves them: what it
	// stores into the tool it is given is the tool it registers.
	stored := func(env *valueflow.Env) (*valueflow.Value, []*valueflow.Value) {
		return b.vf.Stored(t.fn, b.vf.Recv(t.fn, call, env), b.vf.Args(t.fn, call, env))
	}
	if callerFn != nil {
		env, loops := b.placeholders(caller, callerFn, call.Args)
		callerLoops = loops
		recv, args := stored(env)
		insts = append(insts, inst{args: args, recv: recv, node: call})
	} else {
		for _, in := range b.instanceEnvs(call, call.Args...) {
			node := in.node
			if node == nil {
				node = call
			}
			recv, args := stored(in.env)
			insts = append(insts, inst{args: args, recv: recv, node: node})
		}
	}
	if callerFn != nil {
		// Lift: the template's values in terms of the caller's
		// parameters, its placeholders after the caller's own.
		args := insts[0].args
		for k := range t.loops {
			args = append(args, valueflow.Placeholder(callerFn, len(callerLoops)+k))
		}
		recv := insts[0].recv
		lifted := &template{fn: callerFn, sdk: t.sdk, loops: callerLoops, depth: t.depth + 1}
		for _, l := range t.loops {
			lifted.loops = append(lifted.loops, b.vf.SubstRecv(t.fn, l, recv, args))
		}
		lifted.def = b.vf.SubstRecv(t.fn, t.def, recv, args)
		lifted.handler = b.vf.SubstRecv(t.fn, t.handler, recv, args)
		if callerFn.Exported() && len(b.templates[callerFn]) < maxTemplates {
			if b.templates == nil {
				b.templates = make(map[*types.Func][]*template)
			}
			b.templates[callerFn] = append(b.templates[callerFn], lifted)
		}
		return lifted
	}
	for _, l := range t.loops {
		var next []inst
		for _, in := range insts {
			for _, a := range b.vf.SubstRecv(t.fn, l, in.recv, in.args).Each() {
				node := in.node
				if a.Node != nil {
					node = a.Node
				}
				args := append(append([]*valueflow.Value(nil), in.args...), a)
				next = append(next, inst{args: args, recv: in.recv, node: node})
			}
		}
		if len(next) > maxInstances {
			return nil
		}
		insts = next
	}
	var litParams map[types.Object]bool // computed once, when a tool is not named
	for _, in := range insts {
		if b.pairedValue(t.fn, t.def, in.recv, in.args) {
			continue // registered where the ServerTool pairing them is made
		}
		reg := &Tool{SDK: t.sdk, Reg: in.node, Def: call, HintNode: call, HandlerArg: call, inst: true}
		reg.Idempotent, reg.ReadOnly, reg.Destructive = Unknown, Unknown, Unknown
		reg.DefValue = b.vf.SubstRecv(t.fn, t.def, in.recv, in.args)
		if in.node == call && in.recv != nil {
			// Values a setter stored in the receiver (srv.Add(&tool, h)
			// ... srv.Start()): each is registered where its tool is
			// made, not all at the one call that registers them.
			if each := reg.DefValue.Each(); len(each) == 1 && each[0].MadeBy() != nil {
				reg.Reg = each[0].MadeBy()
			}
		}
		b.flowDef(reg, reg.DefValue)
		hv := b.vf.SubstRecv(t.fn, t.handler, in.recv, in.args)
		reg.Handler = b.flowHandler(hv)
		if reg.Name == "" && reg.Handler == nil {
			continue // nothing this package's values decide
		}
		if reg.Name == "" && litParams == nil {
			litParams = b.litParams(call)
		}
		if reg.Name == "" && len(litParams) > 0 && reg.DefValue.Mentions(func(v *valueflow.Value) bool { return v.Kind == valueflow.Param && litParams[v.Obj] }) {
			// The tool is a parameter of the function literal making
			// the call (a table of registrar literals): the literal's
			// calls register it, where its values are known.
			continue
		}
		if b.registered(reg) {
			continue // the value is a registration of its own already (a ServerTool paired where it is made)
		}
		b.model.Tools = append(b.model.Tools, b.withOps(reg, hv)...)
	}
	return nil
}

// exportTemplates exports the Registers facts of the exported templates.
func (b *builder) exportTemplates() {
	exported := false
	for fn, ts := range b.templates {
		if !fn.Exported() {
			continue
		}
		fact := &Registers{}
		for _, t := range ts {
			w := Template{SDK: t.sdk, Def: b.vf.Encode(fn, t.def), Handler: b.vf.Encode(fn, t.handler)}
			for _, l := range t.loops {
				w.Loops = append(w.Loops, b.vf.Encode(fn, l))
			}
			fact.Regs = append(fact.Regs, w)
		}
		b.pass.ExportObjectFact(fn, fact)
		exported = true
	}
	if exported {
		b.pass.ExportPackageFact(&TemplatePackage{})
	}
}

// registered reports whether the package already has a registration of
// t's name with a handler: the value a template is given was paired with
// its handler where it was made (a ServerTool), and that registration,
// read from the syntax, stands.
func (b *builder) registered(t *Tool) bool {
	if t.Name == "" {
		return false
	}
	for _, u := range b.model.Tools {
		if u.Name == t.Name && u.Handler != nil {
			return true
		}
	}
	return false
}

// litParams returns the parameters of the innermost function literal
// around call, or an empty map when it is in none.
func (b *builder) litParams(call *ast.CallExpr) map[types.Object]bool {
	params := make(map[types.Object]bool)
	var lit *ast.FuncLit
	for _, f := range b.pass.Files {
		if f.FileStart <= call.Pos() && call.End() <= f.FileEnd {
			lit = analysisutil.InnermostLit(f, call)
		}
	}
	if lit != nil {
		addNames(b.pass.TypesInfo, params, lit.Type.Params)
	}
	return params
}
