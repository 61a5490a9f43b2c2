package metamorph

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// A Rewrite is a semantics-preserving transformation of a fixture module,
// applied at every site its rule admits. Rewrites with classes make one
// variant per class of site (where the value is used: an MCP SDK, another
// dependency, the module itself), so that a lost finding says which
// value the analyzers stopped following.
type Rewrite struct {
	Name string
	// Doc says what the rewrite does and where it applies.
	Doc string
	// Mutation marks a rewrite that changes the program's meaning on
	// purpose: it must change the findings.
	Mutation bool
	classes  []string
	fn       func(v *variant, class string)
}

func (rw *Rewrite) apply(p *program) []*variant {
	if len(rw.classes) == 0 {
		v := newVariant(p, rw.Name)
		rw.fn(v, "")
		return []*variant{v}
	}
	var out []*variant
	for _, c := range rw.classes {
		v := newVariant(p, rw.Name+"/"+c)
		rw.fn(v, c)
		out = append(out, v)
	}
	return out
}

// byRole returns the rewrite split by the roles of its classes (for the
// reasons of the gaps), or nil when it has no classes.
func (rw *Rewrite) byRole() *Rewrite {
	if len(rw.classes) == 0 || rw.Name == "extract-func" || strings.HasPrefix(rw.Name, "run-") {
		return nil
	}
	r := *rw
	r.classes = nil
	for _, c := range rw.classes {
		for _, role := range roles[c] {
			r.classes = append(r.classes, c+":"+role)
		}
	}
	return &r
}

// VariantNames returns the names of the variants the rewrite makes.
func (rw *Rewrite) VariantNames() []string {
	if len(rw.classes) == 0 {
		return []string{rw.Name}
	}
	var out []string
	for _, c := range rw.classes {
		out = append(out, rw.Name+"/"+c)
	}
	return out
}

var allClasses = []string{classSDK, classDep, classMod}

// Rewrites returns the semantics-preserving rewrites, in order.
func Rewrites() []*Rewrite {
	return []*Rewrite{
		{Name: "rename", Doc: docRename, fn: rename},
		{Name: "extract-func", Doc: docExtractFunc, classes: allClasses, fn: extractFunc},
		{Name: "inline-local", Doc: docInlineLocal, fn: inlineLocal},
		{Name: "extract-local", Doc: docExtractLocal, classes: allClasses, fn: extractLocal},
		{Name: "field", Doc: docField, classes: allClasses, fn: field},
		{Name: "options", Doc: docOptions, classes: allClasses, fn: options},
		{Name: "options-pkg", Doc: docOptionsPkg, classes: allClasses, fn: optionsPkg},
		{Name: "ctor", Doc: docCtor, classes: allClasses, fn: ctor},
		{Name: "table-local", Doc: docTableLocal, fn: func(v *variant, _ string) { tableLoop(v, false) }},
		{Name: "table-pkg", Doc: docTablePkg, fn: func(v *variant, _ string) { tableLoop(v, true) }},
		{Name: "table-row", Doc: docTableRow, fn: tableRow},
		{Name: "run-closure", Doc: docRunClosure, classes: allClasses, fn: func(v *variant, c string) { runClosure(v, c, false) }},
		{Name: "run-helper", Doc: docRunHelper, classes: allClasses, fn: func(v *variant, c string) { runClosure(v, c, true) }},
		{Name: "wrap-generic", Doc: docWrapGeneric, fn: wrapGeneric},
		{Name: "wrap-middleware", Doc: docWrapMiddleware, fn: wrapMiddleware},
		{Name: "move-pkg", Doc: docMovePkg, fn: func(v *variant, _ string) { move(v, false) }},
		{Name: "move-module", Doc: docMoveModule, fn: func(v *variant, _ string) { move(v, true) }},
	}
}

// Mutations returns rewrites that change the meaning of the fixtures on
// purpose; the harness must see the findings change.
func Mutations() []*Rewrite {
	return []*Rewrite{
		{Name: "mut-hints", Doc: docMutHints, Mutation: true, fn: mutHints},
		{Name: "mut-nokey", Doc: docMutNoKey, Mutation: true, fn: mutNoKey},
	}
}

const docExtractLocal = `extract-local: a value (see valueSites) becomes a new local variable,
declared with its type right before the statement that uses it. Applies
where its statement is in a block and evaluates it once, unconditionally,
when it runs, and the value is pure (no calls but conversions, no
receives) or is evaluated first in its statement (no call or receive of
the statement completes before it, it is not the right operand of && or
||), so that computing it first keeps the order of calls.`

// extractLocal: var mmL T = e; use(mmL)
func extractLocal(v *variant, class string) {
	sites := v.valueSites()
	for i := len(sites) - 1; i >= 0; i-- {
		s := sites[i]
		if !s.matches(class) {
			continue
		}
		st, ok := v.hoistable(s)
		if !ok {
			continue
		}
		n := v.namer(s.pkg, s.file)
		t, ok := n.typeString(s.typ())
		if !ok {
			v.skip("type cannot be named")
			continue
		}
		name := v.fresh("mmL")
		text, ok := v.siteText(s, n)
		if !ok {
			v.skip("type cannot be named")
			continue
		}
		v.ed.Replace(s.e.Pos(), s.e.End(), name)
		v.ed.Insert(st.Pos(), fmt.Sprintf("var %s %s = %s\n", name, t, text))
		v.sites++
	}
}

// hoistable reports the statement before which a site's value can be
// computed, when it can.
func (v *variant) hoistable(s *site) (ast.Stmt, bool) {
	st, eval := s.stmt()
	if st == nil {
		v.skip("not in a statement of a block")
		return nil, false
	}
	if !pure(s.info(), s.e) && !evaluatedFirst(s.info(), eval, s.e) {
		v.skip("not pure, and not evaluated first in its statement")
		return nil, false
	}
	if v.p.nearDirective(s.file, st.Pos(), st.End()) {
		v.skip("next to an //mcpvet: directive")
		return nil, false
	}
	return st, true
}

const docField = `field: a value becomes a field of a struct value declared right before
the statement that uses it (b := mmBoxN{V: e}; use(b.V)), of a new named
struct type. Applies where extract-local does.`

func field(v *variant, class string) {
	sites := v.valueSites()
	for i := len(sites) - 1; i >= 0; i-- {
		s := sites[i]
		if !s.matches(class) {
			continue
		}
		st, ok := v.hoistable(s)
		if !ok {
			continue
		}
		n := v.namer(s.pkg, s.file)
		t, ok := n.typeString(s.typ())
		if !ok {
			v.skip("type cannot be named")
			continue
		}
		box := v.fresh("mmBox")
		name := v.fresh("mmF")
		text, ok := v.siteText(s, n)
		if !ok {
			v.skip("type cannot be named")
			continue
		}
		v.ed.Replace(s.e.Pos(), s.e.End(), name+".V")
		v.ed.Insert(st.Pos(), fmt.Sprintf("%s := %s{V: %s}\n", name, box, text))
		v.ed.Append(s.file.Pos(), fmt.Sprintf("type %s struct{ V %s }", box, t))
		v.sites++
	}
}

const docOptions = `options: a value goes through an options struct set by a functional
option and passed by pointer: e becomes mmApplyN(mmWithN(e)).V, where
mmWithN(v) returns func(o *mmOptsN) { o.V = v } and mmApplyN applies its
options to a new *mmOptsN. The value is computed in its place: applies to
every value whose type the file can name, at package level too.`

func options(v *variant, class string) {
	v.typedSites(class, func(s *site, _ *namer, t, text string) {
		id := v.fresh("")
		v.ed.Replace(s.e.Pos(), s.e.End(), fmt.Sprintf("mmApply%s(mmWith%s(%s)).V", id, id, text))
		v.ed.Append(s.file.Pos(), strings.ReplaceAll(strings.ReplaceAll(`type mmOptsID struct{ V T }

func mmWithID(v T) func(*mmOptsID) { return func(o *mmOptsID) { o.V = v } }

func mmApplyID(opts ...func(*mmOptsID)) *mmOptsID {
	o := new(mmOptsID)
	for _, opt := range opts {
		opt(o)
	}
	return o
}`, "ID", id), " T", " "+t))
	})
}

// typedSites calls f, last first, on each value site of the class whose
// type and text the file can name, with that type and text.
func (v *variant) typedSites(class string, f func(s *site, n *namer, t, text string)) {
	sites := v.valueSites()
	for i := len(sites) - 1; i >= 0; i-- {
		s := sites[i]
		if !s.matches(class) {
			continue
		}
		n := v.namer(s.pkg, s.file)
		t, ok := n.typeString(s.typ())
		if !ok {
			v.skip("type cannot be named")
			continue
		}
		text, ok := v.siteText(s, n)
		if !ok {
			v.skip("type cannot be named")
			continue
		}
		f(s, n, t, text)
		v.sites++
	}
}

const docOptionsPkg = `options-pkg: as options, but the options API is a generic one in a
new package of the module (<module>/mmopts), and its exported option
returns an unexported helper's closure, as SDK-mimicking layers write
it: e becomes mmopts.Apply(mmopts.With[T](e)).V, where With(v) returns
set(v) and set(v) returns func(o *Opts[T]) { o.V = v }.`

// mmoptsSrc is the package options-pkg adds.
const mmoptsSrc = `package mmopts

// Opts holds one value set by an option.
type Opts[T any] struct{ V T }

// With returns the option that sets the value.
func With[T any](v T) func(*Opts[T]) { return set(v) }

func set[T any](v T) func(*Opts[T]) { return func(o *Opts[T]) { o.V = v } }

// Apply applies its options to new options.
func Apply[T any](opts ...func(*Opts[T])) *Opts[T] {
	o := new(Opts[T])
	for _, opt := range opts {
		opt(o)
	}
	return o
}
`

func optionsPkg(v *variant, class string) {
	np := &newPkg{name: "mmopts", rel: "mmopts", path: v.p.modPath + "/mmopts", origin: ".", files: map[string]string{"opts.go": mmoptsSrc}}
	v.typedSites(class, func(s *site, n *namer, t, text string) {
		q := n.qualifierPath(np.path, np.name)
		v.ed.Replace(s.e.Pos(), s.e.End(), fmt.Sprintf("%s.Apply(%s.With[%s](%s)).V", q, q, t, text))
	})
	if v.sites > 0 {
		v.newPkgs = append(v.newPkgs, np)
	}
}

const docCtor = `ctor: a value is returned by a new constructor function called in its
place: mmNewN() when the value uses no local variable, else
mmNewN(locals...) with the locals as parameters of the same names.
Applies where the file can name the value's and the locals' types, the
value changes no local, and (when it has parameters) it is pure, so that
reading the locals first changes nothing.`

func ctor(v *variant, class string) {
	sites := v.valueSites()
	for i := len(sites) - 1; i >= 0; i-- {
		s := sites[i]
		if !s.matches(class) {
			continue
		}
		vars, ok := freeVars(s.info(), s.e)
		if !ok {
			v.skip("uses a local type or changes a local")
			continue
		}
		if len(vars) > 0 && !pure(s.info(), s.e) {
			v.skip("not pure and uses locals")
			continue
		}
		n := v.namer(s.pkg, s.file)
		t, ok := n.typeString(s.typ())
		if !ok {
			v.skip("type cannot be named")
			continue
		}
		params, args, ok := paramList(n, vars)
		if !ok {
			v.skip("type of a local cannot be named")
			continue
		}
		name := v.fresh("mmNew")
		v.origin[name] = s.originName(v)
		text, ok := v.siteText(s, n)
		if !ok {
			v.skip("type cannot be named")
			continue
		}
		v.ed.Replace(s.e.Pos(), s.e.End(), fmt.Sprintf("%s(%s)", name, args))
		v.ed.Append(s.file.Pos(), fmt.Sprintf("func %s(%s) %s {\n\treturn %s\n}", name, params, t, text))
		v.sites++
	}
}

// paramList returns the parameter list and argument list that pass vars
// by value under their own names.
func paramList(n *namer, vars []*types.Var) (params, args string, ok bool) {
	var ps, as []string
	for _, x := range vars {
		t, ok := n.typeString(x.Type())
		if !ok {
			return "", "", false
		}
		ps = append(ps, x.Name()+" "+t)
		as = append(as, x.Name())
	}
	return strings.Join(ps, ", "), strings.Join(as, ", "), true
}

// siteText returns the text of a site's value as it can stand alone: an
// element of a composite literal whose type is elided gets it back.
func (v *variant) siteText(s *site, n *namer) (string, bool) {
	text := v.ed.Text(s.e.Pos(), s.e.End())
	cl, ok := s.e.(*ast.CompositeLit)
	if !ok || cl.Type != nil {
		return text, true
	}
	t := s.typ()
	prefix := ""
	if p, ok := t.(*types.Pointer); ok {
		t, prefix = p.Elem(), "&"
	}
	ts, ok := n.typeString(t)
	return prefix + ts + text, ok
}

// evaluatedFirst reports whether e, in statement st, is evaluated
// unconditionally and before every call and receive of st that could
// observe it: no call or receive of st (outside function literals)
// completes lexically before e, and e is not the right operand of && or
// ||. Go evaluates calls and receives in lexical left-to-right order, a
// call after its arguments; the order of other operands is unspecified.
func evaluatedFirst(info *types.Info, st ast.Stmt, e ast.Expr) bool {
	ok := true
	ast.Inspect(st, func(n ast.Node) bool {
		if !ok || n == nil {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if tv, isT := info.Types[n.Fun]; isT && tv.IsType() {
				return true
			}
			if n.End() <= e.Pos() {
				ok = false
			}
		case *ast.UnaryExpr:
			if n.Op == token.ARROW && n.End() <= e.Pos() {
				ok = false
			}
		case *ast.BinaryExpr:
			if (n.Op == token.LAND || n.Op == token.LOR) && n.Y.Pos() <= e.Pos() && e.End() <= n.Y.End() {
				ok = false
			}
		}
		return ok
	})
	return ok
}
