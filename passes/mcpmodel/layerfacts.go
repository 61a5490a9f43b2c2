package mcpmodel

import (
	"fmt"
	"go/ast"
	"go/types"
)

// Registration layers across packages: a package that registers every
// value of a tool type through one template (its own or an imported type)
// exports a ToolLayer fact on the handler field, describing how the
// template derives the name and hints from a value. A package that builds
// values of that type (composite literals setting the field) registers
// each one, although the registering code is elsewhere.
//
// The recipe is found by probing the template: it is resolved once with
// every field of the value unset, and once per bool field with only that
// field true. A hint that follows one field is read from that field; one
// that changes with none is the template's constant; anything else is
// Unknown.

// ToolLayer is an object fact on a handler field of a tool type.
type ToolLayer struct {
	SDK       SDK
	Name      string // the template's constant name, when NameField is ""
	NameField string // the string field the name is read from
	Idem, RO  Hint   // the template's constant hints, when the fields are ""
	IdemField string // the bool field the idempotent hint is read from
	ROField   string // the bool field the read-only hint is read from
}

func (*ToolLayer) AFact() {}

func (f *ToolLayer) String() string {
	hint := func(field string, h Hint) string {
		if field != "" {
			return "." + field
		}
		return h.String()
	}
	name := fmt.Sprintf("%q", f.Name)
	if f.NameField != "" {
		name = "." + f.NameField
	}
	return fmt.Sprintf("toollayer(%s, name=%s, idempotent=%s, readonly=%s)", f.SDK, name, hint(f.IdemField, f.Idem), hint(f.ROField, f.RO))
}

// LayerPackage is a package fact: the package exports ToolLayer facts.
type LayerPackage struct{}

func (*LayerPackage) AFact() {}

func (*LayerPackage) String() string { return "layers" }

// trueValue is what a probe gives the one bool field it sets.
var trueValue = &ast.Ident{Name: "true"}

// probe is the state of a template resolution against a probe value.
type probe struct {
	on      *types.Var          // the bool field set to true, or nil
	strings map[ast.Expr]string // markers standing for string fields
}

// probeField answers instField for a probe value.
func (b *builder) probeField(field *types.Var) (ast.Expr, bool) {
	t := field.Type()
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	basic, ok := t.Underlying().(*types.Basic)
	if !ok {
		return nil, false
	}
	switch {
	case basic.Info()&types.IsBoolean != 0:
		if field == b.probe.on {
			return trueValue, true
		}
		return zeroValue, true
	case basic.Info()&types.IsString != 0:
		m := &ast.Ident{Name: field.Name()}
		b.probe.strings[m] = field.Name()
		return m, true
	}
	return nil, false
}

// exportLayer probes a template and exports its recipe on the field.
func (b *builder) exportLayer(tmpl *Tool, lf *layerField) {
	if lf.field.Pkg() != b.pass.Pkg {
		return // facts go on the package's own objects only
	}
	st := structOf(lf.via.Type())
	if st == nil {
		return
	}
	run := func(on *types.Var) *Tool {
		b.probe = &probe{on: on, strings: make(map[ast.Expr]string)}
		b.inst, b.layerVar = &instance{}, lf.via
		defer func() { b.probe, b.inst, b.layerVar = nil, nil, nil }()
		t := &Tool{}
		b.toolDef(t, tmpl.Def, 0)
		return t
	}
	base := run(nil)
	f := &ToolLayer{SDK: tmpl.SDK, Idem: base.Idempotent, RO: base.ReadOnly}
	if len(base.Name) > 0 && base.Name[0] == 0 {
		f.NameField = base.Name[1:]
	} else {
		f.Name = base.Name
	}
	var bools []*types.Var
	for i := 0; i < st.NumFields(); i++ {
		fv := st.Field(i)
		t := fv.Type()
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		if basic, ok := t.Underlying().(*types.Basic); ok && basic.Info()&types.IsBoolean != 0 {
			bools = append(bools, fv)
		}
	}
	follow := func(h0 Hint, get func(*Tool) Hint) (string, Hint) {
		field := ""
		for _, fv := range bools {
			hk := get(run(fv))
			if hk == h0 {
				continue
			}
			if field != "" || h0 != False || hk != True {
				return "", Unknown
			}
			field = fv.Name()
		}
		return field, h0
	}
	f.IdemField, f.Idem = follow(base.Idempotent, func(t *Tool) Hint { return t.Idempotent })
	f.ROField, f.RO = follow(base.ReadOnly, func(t *Tool) Hint { return t.ReadOnly })
	if f.IdemField != "" {
		f.Idem = Unknown
	}
	if f.ROField != "" {
		f.RO = Unknown
	}
	if f.Idem == Unknown && f.IdemField == "" && f.RO == Unknown && f.ROField == "" {
		return // nothing an importer could resolve
	}
	b.pass.ExportObjectFact(lf.field, f)
	b.layerFacts = true
}

// importedLayers registers the package's values of tool types whose
// registering template is in an imported package.
func (b *builder) importedLayers() {
	any := false
	for _, q := range b.pass.Pkg.Imports() {
		if b.pass.ImportPackageFact(q, new(LayerPackage)) {
			any = true
			break
		}
	}
	if !any {
		return
	}
	info := b.pass.TypesInfo
	regs := make(map[ast.Node]bool, len(b.model.Tools))
	for _, t := range b.model.Tools {
		regs[t.Reg] = true
	}
	for _, lit := range b.layerIndex().lits {
		if regs[lit] {
			continue
		}
		st := structOf(info.TypeOf(lit))
		if st == nil {
			continue
		}
		var found []*types.Var
		facts := make(map[*types.Var]*ToolLayer)
		for i := 0; i < st.NumFields(); i++ {
			fv := st.Field(i).Origin()
			if fv.Pkg() == b.pass.Pkg {
				continue
			}
			f := new(ToolLayer)
			if _, ok := fv.Type().Underlying().(*types.Signature); ok && b.pass.ImportObjectFact(fv, f) {
				found = append(found, fv)
				facts[fv] = f
			}
		}
		if len(found) != 1 {
			continue
		}
		fv := found[0]
		handler, ok := litField(info, lit, fv)
		if !ok {
			continue
		}
		b.model.Tools = append(b.model.Tools, b.layerTool(lit, facts[fv], b.litGetter(lit, st), handler))
	}
	b.importedConstructors(regs)
}

// layerTool builds the registration of one value from a ToolLayer recipe;
// get returns the expression the value gives a field (zeroValue when
// unset), or false when it cannot be told.
func (b *builder) layerTool(reg ast.Node, f *ToolLayer, get func(field string) (ast.Expr, bool), handler ast.Expr) *Tool {
	t := &Tool{SDK: f.SDK, Reg: reg, Def: reg.(ast.Expr), HintNode: reg, Name: f.Name, Idempotent: f.Idem, ReadOnly: f.RO}
	if f.NameField != "" {
		t.Name = ""
		if x, ok := get(f.NameField); ok {
			t.Name, _ = b.constString(x)
		}
	}
	hint := func(field string, h Hint) Hint {
		if field == "" {
			return h
		}
		if x, ok := get(field); ok {
			return b.boolHint(x)
		}
		return Unknown
	}
	t.Idempotent = hint(f.IdemField, t.Idempotent)
	t.ReadOnly = hint(f.ROField, t.ReadOnly)
	t.HandlerArg = handler
	t.Handler = b.resolveHandler(handler, 0)
	return t
}

// litGetter reads the fields of a literal of an imported layer type.
func (b *builder) litGetter(lit *ast.CompositeLit, st *types.Struct) func(string) (ast.Expr, bool) {
	return func(name string) (ast.Expr, bool) {
		for i := 0; i < st.NumFields(); i++ {
			fv := st.Field(i)
			if fv.Name() != name {
				continue
			}
			if b.layerIndex().assigned[fv.Origin()] || len(b.layers.groups[lit]) > 0 {
				return nil, false // set elsewhere too: not resolved per value
			}
			if x, ok := litField(b.pass.TypesInfo, lit, fv); ok {
				return x, true
			}
			return zeroValue, true
		}
		return nil, false
	}
}

// ToolConstructor is an object fact on a function that builds a value of
// a layer type from its parameters, NewTool(name, desc, handler): which
// parameter sets which field. Param is -1 for a field set to anything
// else; fields absent are unset.
type ToolConstructor struct {
	Handler string // the handler field (it has a ToolLayer fact)
	Fields  []FieldParam
}

// FieldParam is one field a constructor sets.
type FieldParam struct {
	Field string
	Param int
}

func (*ToolConstructor) AFact() {}

func (f *ToolConstructor) String() string {
	return fmt.Sprintf("toolconstructor(%s, %v)", f.Handler, f.Fields)
}

// exportConstructor exports the ToolConstructor fact of a constructor
// whose literal sets the layer field.
func (b *builder) exportConstructor(ctor *types.Func, lit *ast.CompositeLit, field *types.Var) {
	info := b.pass.TypesInfo
	d := b.decls[ctor]
	if d == nil || field.Pkg() != b.pass.Pkg || ctor.Pkg() != b.pass.Pkg {
		return
	}
	params := make(map[types.Object]int)
	i := 0
	for _, f := range d.Type.Params.List {
		for _, n := range f.Names {
			params[info.Defs[n]] = i
			i++
		}
		if len(f.Names) == 0 {
			i++
		}
	}
	st := structOf(info.TypeOf(lit))
	f := &ToolConstructor{Handler: field.Name()}
	for j, el := range lit.Elts {
		name, val := "", el
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			k, _ := kv.Key.(*ast.Ident)
			if k == nil {
				continue
			}
			name, val = k.Name, kv.Value
		} else if j < st.NumFields() {
			name = st.Field(j).Name()
		}
		p := -1
		if id, ok := ast.Unparen(val).(*ast.Ident); ok {
			if k, ok := params[info.Uses[id]]; ok {
				p = k
			}
		}
		f.Fields = append(f.Fields, FieldParam{Field: name, Param: p})
	}
	b.pass.ExportObjectFact(ctor, f)
	b.layerFacts = true
}

// importedConstructors registers the calls of imported constructors of
// layer types.
func (b *builder) importedConstructors(regs map[ast.Node]bool) {
	x := b.layerIndex()
	for fn, calls := range x.calls {
		if fn.Pkg() == nil || fn.Pkg() == b.pass.Pkg {
			continue
		}
		cf := new(ToolConstructor)
		if !b.pass.ImportObjectFact(fn, cf) {
			continue
		}
		sig := fn.Type().(*types.Signature)
		if sig.Results().Len() != 1 {
			continue
		}
		st := structOf(sig.Results().At(0).Type())
		if st == nil {
			continue
		}
		var field *types.Var
		for i := 0; i < st.NumFields(); i++ {
			if st.Field(i).Name() == cf.Handler {
				field = st.Field(i).Origin()
			}
		}
		lf := new(ToolLayer)
		if field == nil || !b.pass.ImportObjectFact(field, lf) {
			continue
		}
		for _, call := range calls {
			if regs[call] {
				continue
			}
			chained := x.outer[call] != nil // a setter of the other package: not followed
			arg := func(name string) (ast.Expr, bool) {
				for _, fp := range cf.Fields {
					if fp.Field != name {
						continue
					}
					if fp.Param < 0 || fp.Param >= len(call.Args) || (sig.Variadic() && fp.Param >= sig.Params().Len()-1) {
						return nil, false
					}
					return call.Args[fp.Param], true
				}
				return zeroValue, true
			}
			get := func(name string) (ast.Expr, bool) {
				for i := 0; i < st.NumFields(); i++ {
					if st.Field(i).Name() == name && x.assigned[st.Field(i).Origin()] {
						return nil, false
					}
				}
				if chained || len(x.groups[call]) > 0 {
					return nil, false
				}
				return arg(name)
			}
			handler, ok := arg(cf.Handler)
			if !ok || handler == zeroValue {
				continue
			}
			b.model.Tools = append(b.model.Tools, b.layerTool(call, lf, get, handler))
		}
	}
}
