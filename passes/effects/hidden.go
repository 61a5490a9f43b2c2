package effects

import (
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
)

// Implementations that go vet's export data hides.
//
// An interface call resolves through the implementations in sight
// (iface.go): the types of the packages the package under analysis
// imports. Under go vet an imported package is its export data, which
// keeps the unexported types only where its exported API mentions them:
// the common constructor that returns the interface (func New() Podman {
// return &podmanCli{} }), or an implementation registered by an init
// function, leaves its type out, and with it the implementation and its
// effect. The standalone driver type-checks every package from source
// and sees them.
//
// So, under go vet, each package of the program's own modules exports a
// Hidden fact: the method sets of its unexported types, with each
// method's signature and effect. An importer takes a hidden type for an
// implementation of an interface when it has each of the interface's
// methods with the same signature (hiddenImpls).

// Hidden is a package fact: the methods of the package's unexported
// types (but those of its test files), which an importer's export data
// may leave out.
type Hidden struct {
	Types []HiddenType
}

// HiddenType is an unexported type's method set (of its pointer type),
// its exported methods: an importer's interface has no other.
type HiddenType struct {
	Name    string
	Methods []HiddenMethod
}

// HiddenMethod is a method: its name, its signature (sigKey), its effect
// (nil for none) and whether it is a stand-in (standin.go).
type HiddenMethod struct {
	Name    string
	Sig     string
	Effect  *Effect
	StandIn bool
}

func (*Hidden) AFact() {}

func (h *Hidden) String() string {
	names := make([]string, len(h.Types))
	for i, t := range h.Types {
		names[i] = t.Name
	}
	return "hidden(" + strings.Join(names, ", ") + ")"
}

// exportHidden exports the package's Hidden fact, under a driver that
// reads export data (go vet: no local modules known), for a package of
// the program's own modules.
func (r *Result) exportHidden(pass *analysis.Pass) {
	if len(analysisutil.LocalModulePaths()) > 0 || !r.local {
		return // the standalone driver type-checks every package from source
	}
	var fact Hidden
	scope := pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.Exported() || tn.IsAlias() || types.IsInterface(tn.Type()) || r.testFiles != nil && r.testFiles[pass.Fset.File(tn.Pos())] {
			continue
		}
		if n, ok := tn.Type().(*types.Named); !ok || n.TypeParams().Len() > 0 {
			continue
		}
		ms := types.NewMethodSet(types.NewPointer(tn.Type()))
		ht := HiddenType{Name: name}
		for i := range ms.Len() {
			m, ok := ms.At(i).Obj().(*types.Func)
			if !ok || !m.Exported() {
				continue // implements only an interface of its own package
			}
			hm := HiddenMethod{Name: m.Name(), Sig: sigKey(m.Signature()), StandIn: r.standIn(m)}
			if e := r.effects[m.Origin()]; e != nil && !e.Pending() {
				hm.Effect = implView(e)
			}
			ht.Methods = append(ht.Methods, hm)
		}
		if len(ht.Methods) > 0 {
			fact.Types = append(fact.Types, ht)
		}
	}
	if len(fact.Types) > 0 {
		pass.ExportPackageFact(&fact)
	}
}

// implView is what an interface method's effect takes from an
// implementation's (interfaceEffect, which names the implementation in
// Via): not its literals, anchors or arguments, which the Hidden fact
// need not carry.
func implView(e *Effect) *Effect {
	return &Effect{Sink: e.Sink, Kind: e.Kind, Idempotent: e.Idempotent, KeyChecked: e.KeyChecked, KeyFrom: e.KeyFrom, KeyField: e.KeyField,
		Via: e.Via, Trail: e.Trail, Method: e.Method, RPC: e.RPC, Mutation: e.Mutation, Repeats: e.Repeats,
		Proc: e.Proc, File: e.File, Rest: e.Rest, SQL: e.SQL, Op: e.Op, Batch: e.Batch}
}

// sigKey is a signature's parameter and result types, fully qualified:
// two methods of one name implement the same interface method when
// their keys are equal.
func sigKey(sig *types.Signature) string {
	var b strings.Builder
	tuple := func(t *types.Tuple) {
		b.WriteByte('(')
		for i := range t.Len() {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(types.TypeString(t.At(i).Type(), nil))
		}
		b.WriteByte(')')
	}
	tuple(sig.Params())
	if sig.Variadic() {
		b.WriteString("...")
	}
	tuple(sig.Results())
	return b.String()
}

// hiddenImpl is an implementation of an interface method that pkg's
// export data hides: its qualified name and effect.
type hiddenImpl struct {
	name    string
	effect  *Effect
	standIn bool
}

// hiddenImpls returns the implementations of fn, a method of iface,
// among pkg's unexported types that pkg's scope does not hold (its
// Hidden fact). r.mu must be held.
func (r *Result) hiddenImpls(pkg *types.Package, iface *types.Interface, fn *types.Func) []hiddenImpl {
	h, ok := r.hidden[pkg]
	if !ok {
		var f Hidden
		if r.pass != nil && pkg != r.pkg && r.pass.ImportPackageFact(pkg, &f) {
			h = &f
		}
		if r.hidden == nil {
			r.hidden = make(map[*types.Package]*Hidden)
		}
		r.hidden[pkg] = h
	}
	if h == nil {
		return nil
	}
	keys := make([]string, iface.NumMethods())
	for i := range keys {
		im := iface.Method(i)
		if !im.Exported() {
			return nil // a hidden type has no unexported method to match
		}
		keys[i] = sigKey(im.Signature())
	}
	var out []hiddenImpl
	for _, t := range h.Types {
		if pkg.Scope().Lookup(t.Name) != nil {
			continue // in sight: implementations found it
		}
		var own *HiddenMethod
		implements := true
		for i, key := range keys {
			name := iface.Method(i).Name()
			j := slices.IndexFunc(t.Methods, func(m HiddenMethod) bool { return m.Name == name && m.Sig == key })
			if j < 0 {
				implements = false
				break
			}
			if name == fn.Name() {
				own = &t.Methods[j]
			}
		}
		if implements && own != nil {
			out = append(out, hiddenImpl{name: "(*" + pkg.Name() + "." + t.Name + ")." + fn.Name(), effect: own.Effect, standIn: own.StandIn})
		}
	}
	return out
}
