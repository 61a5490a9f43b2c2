package valueflow

import (
	"go/ast"
	"go/types"
	"sort"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
)

// Stores into another package's variables. A registry is often a
// package-level variable of one package (shared.GlobalRegistry) that the
// Register functions of other packages fill through its methods
// (GlobalRegistry.Register(&ToolDefinition{...})), and that a third
// package lists and registers in a loop. Each package exports what it
// stores into the variables of the packages it imports (a ForeignStores
// package fact), and a package that reads such a variable sees every
// store its dependencies made, besides its own: the variable's value as
// its package writes it (VarValue), or, when that holds nothing the
// engine follows, the zero value of its type, with those stores
// applied. Under go vet a package sees the stores of its dependencies
// only: the registry's contents where main (which imports the Register
// functions' packages) or a package that calls them reads it.

// ForeignStores is a package fact: the stores the package makes into
// package-level variables of other packages.
type ForeignStores struct {
	Vars []ForeignVar
}

// ForeignVar is the stores into one variable (its package path and
// object path, as objPath writes them).
type ForeignVar struct {
	Var    string
	Stores []WireStore
}

func (*ForeignStores) AFact() {}

func (f *ForeignStores) String() string {
	s := "foreign("
	for i, v := range f.Vars {
		if i > 0 {
			s += ", "
		}
		s += v.Var
	}
	return s + ")"
}

// maxForeignStores bounds the stores a ForeignStores fact keeps per
// variable.
const maxForeignStores = 64

// foreignVar is variable for a package-level variable v of another
// package: its value as its package writes it, with the stores of this
// package and of its dependencies applied.
func (en *Engine) foreignVar(v *types.Var, env *Env) *Value {
	if !isPackageVar(v) || en.imports == nil {
		return UnknownValue("variable of another package")
	}
	base := en.imports.varValue(v)
	if !en.imports.own(v.Pkg()) {
		// A dependency's variable: its registry, if any, is not the
		// program's (only the program's own packages export the
		// stores into their variables).
		return orUnknown(base, "variable of another package")
	}
	if en.inVar[v] {
		// A store's receiver is the variable itself (v.Register(x)):
		// what the stores are made into is its value as written.
		return orUnknown(base, "variable of another package")
	}
	en.inVar[v] = true
	ups, sets, applied := en.updates(v, env, false)
	delete(en.inVar, v)
	ups = append(ups, en.imports.foreignUpdates(v)...)
	if len(ups) == 0 && len(sets) == 0 && len(applied) == 0 {
		return orUnknown(base, "variable of another package")
	}
	if base == nil || !base.Known() {
		base = zeroTables(derefType(v.Type()))
	}
	return en.applyUpdates(base, ups, sets, applied)
}

// exportForeign exports the package's ForeignStores fact.
func exportForeign(pass *analysis.Pass, en *Engine) {
	ix := en.index()
	seen := make(map[*types.Var]bool)
	var vars []*types.Var
	for _, m := range []map[*types.Var][]store{ix.stores} {
		for v := range m {
			seen[v] = true
		}
	}
	for v := range ix.setters {
		seen[v] = true
	}
	for v := range seen {
		if v.Pkg() != nil && v.Pkg() != pass.Pkg && isPackageVar(v) && objPath(v) != "" && ownPackage(pass, v.Pkg()) {
			vars = append(vars, v)
		}
	}
	if len(vars) == 0 {
		return
	}
	sort.Slice(vars, func(i, j int) bool { return objPath(vars[i]) < objPath(vars[j]) })
	// A store into a registry is what some importer will ask for: the
	// budget of a query, not of a summary nobody may ask for.
	exporting := en.exporting
	en.exporting = false
	defer func() { en.exporting = exporting }()
	var fact ForeignStores
	for _, v := range vars {
		en.inVar[v] = true
		ups, _, _ := en.updates(v, nil, true)
		delete(en.inVar, v)
		fv := ForeignVar{Var: objPath(v)}
		for _, u := range ups {
			if len(fv.Stores) >= maxForeignStores {
				break
			}
			// Closures and functions of the function making the
			// store are encoded as its (anchored when unexported).
			var fn *types.Func
			if fd := analysisutil.FuncDeclAt(pass.Files, u.at); fd != nil && u.at.IsValid() {
				fn, _ = pass.TypesInfo.Defs[fd.Name].(*types.Func)
				fn = en.exportedCaller(fn)
			}
			w := (&encoder{en: en, fn: fn, anchorFuncs: true}).wire(u.val, 0)
			if w == nil || w.K == Unknown {
				continue
			}
			fv.Stores = append(fv.Stores, WireStore{Path: u.path, Value: w})
		}
		if len(fv.Stores) > 0 {
			fact.Vars = append(fact.Vars, fv)
		}
	}
	if len(fact.Vars) > 0 {
		pass.ExportPackageFact(&fact)
	}
}

// foreignUpdates returns the stores the dependencies' ForeignStores
// facts make into v, decoded once per package.
func (p *passImporter) foreignUpdates(v *types.Var) []update {
	if p.foreign == nil {
		p.foreign = make(map[string][]WireStore)
		for _, pf := range p.pass.AllPackageFacts() {
			if f, ok := pf.Fact.(*ForeignStores); ok {
				for _, fv := range f.Vars {
					p.foreign[fv.Var] = append(p.foreign[fv.Var], fv.Stores...)
				}
			}
		}
	}
	ws := p.foreign[objPath(v)]
	if len(ws) == 0 {
		return nil
	}
	d := p.decoder()
	d.fn, d.inLit = nil, false
	out := make([]update, 0, len(ws))
	for _, w := range ws {
		out = append(out, update{path: w.Path, val: d.value(w.Value)})
	}
	return out
}

// orUnknown returns v, or Unknown for why when v is nil.
func orUnknown(v *Value, why string) *Value {
	if v == nil {
		return UnknownValue(why)
	}
	return v
}

// exportedCaller returns fn when an importer can name it, or else the
// first function of the package that can be named and calls fn, directly
// or through at most two unexported functions (anchorWalk's reach): a
// store made in a helper is anchored on the Register function that
// calls it. Nil when there is none.
func (en *Engine) exportedCaller(fn *types.Func) *types.Func {
	if fn == nil || objPath(fn) != "" {
		return fn
	}
	ix := en.index()
	seen := map[*types.Func]bool{fn: true}
	level := []*types.Func{fn}
	for depth := 0; depth < 3 && len(level) > 0; depth++ {
		var next []*types.Func
		for _, f := range level {
			for _, cs := range ix.callers[f] {
				in, _ := cs.in.(*ast.FuncDecl)
				if lit, isLit := cs.in.(*ast.FuncLit); isLit {
					in = ix.litOwner[lit]
				}
				if in == nil {
					continue
				}
				caller, _ := en.info.Defs[in.Name].(*types.Func)
				switch {
				case caller == nil || seen[caller]:
				case objPath(caller) != "":
					return caller
				default:
					seen[caller] = true
					next = append(next, caller)
				}
			}
		}
		level = next
	}
	return nil
}

// ownPackage reports whether pkg is one of the program's own packages:
// of the module under analysis (pass's), or of another module of the
// program replaced by a local directory. Only stores into their
// variables travel (ForeignStores).
func ownPackage(pass *analysis.Pass, pkg *types.Package) bool {
	if pass.Module != nil && pass.Module.Path != "" && analysisutil.InModule(pass.Module.Path, pkg.Path()) {
		return true
	}
	return analysisutil.InLocalModule(pkg.Path())
}

// own is ownPackage for the package under analysis.
func (p *passImporter) own(pkg *types.Package) bool { return ownPackage(p.pass, pkg) }

// zeroTables returns the zero value of t, a struct's with its map, slice
// and array fields empty tables that stores fill (a registry's tools
// map), or zeroOf(t) for another type.
func zeroTables(t types.Type) *Value {
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return zeroOf(t)
	}
	v := &Value{Kind: Struct, Type: t}
	for i := 0; i < st.NumFields(); i++ {
		switch st.Field(i).Type().Underlying().(type) {
		case *types.Map, *types.Slice, *types.Array:
			v = withField(v, st.Field(i).Name(), &Value{Kind: Slice})
		}
	}
	return v
}
