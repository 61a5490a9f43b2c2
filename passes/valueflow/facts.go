package valueflow

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/types/objectpath"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
)

// FuncSummary is an object fact on a function whose summary says
// something: what it returns and what it stores through its parameters,
// in terms of its parameters. Importers substitute their arguments.
type FuncSummary struct {
	Results []*Wire
	Stores  []WireStore
	// Lits are the summaries of the function literals of the function
	// that its results or stores hold (options, handlers, callbacks),
	// by ordinal. A parameter of the enclosing function they capture is
	// a Param with Outer set.
	Lits []LitSummary
	// Inl are the summaries of the literals of unexported functions
	// that its results hold (an exported option constructor returning
	// what an unexported helper makes: WithString(n) returning
	// withProperty(n, "string")), each with what it captured bound in
	// terms of the function's parameters; by 1-based index (Wire.I of
	// the anchored Closure).
	Inl []LitSummary
}

// LitSummary is the summary of a function literal in a FuncSummary.
type LitSummary struct {
	Ord     int
	Results []*Wire
	Stores  []WireStore
}

func (*FuncSummary) AFact() {}

func (f *FuncSummary) String() string {
	var parts []string
	for _, r := range f.Results {
		parts = append(parts, r.String())
	}
	s := "returns(" + strings.Join(parts, ", ") + ")"
	for _, st := range f.Stores {
		p := "recv"
		if st.Param >= 0 {
			p = "p" + itoa(st.Param)
		}
		if st.Apply {
			s += " applies(" + st.Value.String() + " to " + p + ")"
			continue
		}
		s += " stores(" + p + "." + strings.Join(st.Path, ".") + " = " + st.Value.String() + ")"
	}
	return s
}

// VarValue is an object fact on an exported package-level variable
// whose value, as its package writes it, holds a constant: a request's
// parameters kept in a variable (var Charge = &mcp.CallToolParams{Name:
// "charge"}), a table of names. Importers read the variable as that value
// (an importer's own assignment to it is not seen).
type VarValue struct {
	Value *Wire
}

func (*VarValue) AFact()           {}
func (f *VarValue) String() string { return "var(" + f.Value.String() + ")" }

// Analyzed is a package fact: the engine ran on the package, so a
// function of it without a FuncSummary returns nothing it can follow and
// stores nothing through its parameters.
type Analyzed struct{}

func (*Analyzed) AFact()         {}
func (*Analyzed) String() string { return "valueflow" }

// Wire is a Value as a fact carries it: objects and types by path.
type Wire struct {
	K     Kind
	CK    constant.Kind
	C     string // the constant's exact representation
	I     int
	N     string
	T     string // a struct type: package path + "." + objectpath
	F     []WireField
	Sets  []*Wire
	E     *Wire
	Keys  []string
	Entry []*Wire
	Obj   string // a function: package path + " " + objectpath
	R     *Wire
	A     []*Wire
	X     *Wire
	Alts  []*Wire
	Ord   int
	Outer bool        // Param: of the function enclosing the literal summarized
	At    string      // Value.At
	Made  bool        // Call: made by a call inside the function summarized (Value.Site)
	G     []WireGuard // Value.Guards, on the summarized function's parameters
	Env   []WireBind  // Closure: what it captured for the parameters of the function that made it
}

// WireBind is one binding of a Closure's Env: the value captured for
// parameter I (-1: the receiver) of the function that made the literal.
type WireBind struct {
	I int
	V *Wire
}

// WireGuard is a Guard as a fact carries it: on parameter I (its field
// P).
type WireGuard struct {
	I    int
	P    []string
	In   []*Wire
	Want bool
	X    *Wire // Guard.X
}

// WireField is a field of a Struct Wire, or a store into a Call's.
type WireField struct {
	Name  string
	Value *Wire
}

// WireStore is a Store as a fact carries it.
type WireStore struct {
	Param int
	Path  []string
	Value *Wire
	Apply bool
	Maybe bool
}

func (w *Wire) String() string {
	if w == nil {
		return "<nil>"
	}
	switch w.K {
	case Const:
		return w.C
	case Param:
		if w.I < 0 {
			return "recv"
		}
		return "p" + itoa(w.I)
	case Struct:
		return "struct{" + itoa(len(w.F)) + " fields}"
	case Func, Closure:
		return w.Obj
	case Call:
		return w.Obj + "(..)"
	case Field:
		return w.X.String() + "." + w.N
	case Elem:
		return w.X.String() + "[]"
	case Method:
		return w.X.String() + "." + w.N + "(..)"
	}
	return (&Value{Kind: w.K}).String()
}

func itoa(i int) string {
	if i < 0 {
		return "-" + itoa(-i)
	}
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

// encoder turns Values into Wires for the facts of fn.
type encoder struct {
	en   *Engine
	fn   *types.Func
	lit  *ast.FuncLit         // the literal being summarized, if any
	lits map[int]*ast.FuncLit // the literals of fn the wires hold
	// noMade: the result being encoded may be what fn was given or
	// keeps (returnsGiven): its calls are not marked made.
	noMade bool
	// anchorFuncs: an unexported function value is anchored on fn (a
	// consumer's fact, a registry's stores), not Unknown as in a
	// summary, whose consumers would take it for a closure they know.
	anchorFuncs bool
	// inl are the anchored closures the wires hold, whose summaries
	// travel inline (FuncSummary.Inl), by 1-based index.
	inl []*Value
}

// summary encodes the summary of fn, with the literals it holds.
func (c *encoder) summary(sum *Summary) *FuncSummary {
	fact := &FuncSummary{}
	fact.Results, fact.Stores = c.parts(sum)
	done := make(map[int]bool)
	for len(done) < len(c.lits) && len(done) < 32 {
		for ord, lit := range c.lits {
			if done[ord] {
				continue
			}
			done[ord] = true
			ls := c.en.litSummary(lit)
			if ls == nil {
				continue
			}
			c.lit = lit
			res, st := c.parts(ls)
			c.lit = nil
			fact.Lits = append(fact.Lits, LitSummary{Ord: ord, Results: res, Stores: st})
		}
	}
	sort.Slice(fact.Lits, func(i, j int) bool { return fact.Lits[i].Ord < fact.Lits[j].Ord })
	// The anchored closures: their literal's summary with what they
	// captured bound (in terms of fn's parameters), encoded as a
	// literal of fn; one may hold more.
	for i := 0; i < len(c.inl) && i < 32; i++ {
		cv := c.inl[i]
		ls := c.en.litSummary(cv.Lit)
		if ls == nil {
			continue
		}
		bound := &Summary{}
		for _, r := range ls.Results {
			bound.Results = append(bound.Results, c.en.substLit(r, cv, nil))
		}
		for _, st := range ls.Stores {
			st.Value = c.en.substLit(st.Value, cv, nil)
			bound.Stores = append(bound.Stores, st)
		}
		c.lit = cv.Lit
		res, st := c.parts(bound)
		c.lit = nil
		fact.Inl = append(fact.Inl, LitSummary{Ord: i + 1, Results: res, Stores: st})
	}
	return fact
}

func (c *encoder) parts(sum *Summary) ([]*Wire, []WireStore) {
	var res []*Wire
	var stores []WireStore
	for _, r := range sum.Results {
		c.noMade = returnsGiven(r)
		res = append(res, nonNil(c.wire(r, 0)))
		c.noMade = false
	}
	for _, s := range sum.Stores {
		stores = append(stores, WireStore{s.Param, s.Path, c.wire(s.Value, 0), s.Apply, s.Maybe})
	}
	return res, stores
}

// made reports whether v, a Call, was made by a call inside the
// function (or literal) summarized.
func (c *encoder) made(v *Value) bool {
	if c.noMade {
		return false
	}
	if v.made {
		return true
	}
	at := v.MadeBy()
	if at == nil || c.fn == nil && c.lit == nil {
		return false // a variable's value: made once
	}
	if c.lit != nil {
		return c.lit.Pos() <= at.Pos() && at.Pos() < c.lit.End()
	}
	sc := c.fn.Origin().Scope()
	return sc != nil && sc.Pos() <= at.Pos() && at.Pos() < sc.End()
}

func (c *encoder) wire(v *Value, depth int) *Wire {
	w := c.wire0(v, depth)
	if w == nil || v == nil || len(v.Guards) == 0 || w.K == Unknown {
		return w
	}
	// A guard on a parameter of the function summarized travels with
	// the value; one on another function's (a value not substituted
	// here) is dropped: either way, as without guards.
	var params *types.Tuple
	var recv *types.Var
	if c.fn != nil && c.lit == nil {
		sig := c.fn.Type().(*types.Signature)
		params, recv = sig.Params(), sig.Recv()
	}
	for _, g := range v.Guards {
		if g.X != nil {
			// On a value (a field of a parameter's element).
			x := c.wire(g.X, depth+1)
			if x == nil || x.K == Unknown {
				continue
			}
			wg := WireGuard{X: x, Want: g.Want}
			for _, in := range g.In {
				wg.In = append(wg.In, nonNil(c.wire0(ConstValue(in), depth+1)))
			}
			w.G = append(w.G, wg)
			continue
		}
		switch {
		case params == nil:
			continue
		case g.Index == -1:
			// On a field of the receiver (if t.isReadOnly).
			if recv == nil || len(g.Path) == 0 || g.Obj != nil && g.Obj != recv {
				continue
			}
		case g.Index < 0 || g.Index >= params.Len() || g.Obj != nil && g.Obj != params.At(g.Index):
			continue
		}
		wg := WireGuard{I: g.Index, P: g.Path, Want: g.Want}
		for _, x := range g.In {
			wg.In = append(wg.In, nonNil(c.wire0(ConstValue(x), depth+1)))
		}
		w.G = append(w.G, wg)
	}
	return w
}

// maxEnvWire bounds the bindings of a closure a fact carries.
const maxEnvWire = 8

// env returns the bindings of a closure's Env that an importer can name:
// those of the parameters of the function that made the literal (a
// middleware's handler, bound where it was called: Typed(business)
// returns a closure that captured business for handler).
func (c *encoder) env(v *Value, depth int) []WireBind {
	fn, ok := v.Obj.(*types.Func)
	if !ok || v.Env == nil {
		return nil
	}
	sig := fn.Origin().Signature()
	var out []WireBind
	seen := make(map[int]bool)
	n := 0
	for e := v.Env; e != nil && n < 16 && len(out) < maxEnvWire; e = e.parent {
		n++
		i, ok := paramIndex(sig, e.v)
		if !ok || seen[i] || e.val == nil {
			continue
		}
		seen[i] = true
		if w := c.wire(e.val, depth+1); w != nil && w.K != Unknown {
			out = append(out, WireBind{I: i, V: w})
		}
	}
	return out
}

// paramIndex returns the index of v among sig's parameters (-1: its
// receiver).
func paramIndex(sig *types.Signature, v *types.Var) (int, bool) {
	if sig.Recv() != nil && sig.Recv() == v {
		return -1, true
	}
	for i := 0; i < sig.Params().Len(); i++ {
		if sig.Params().At(i) == v {
			return i, true
		}
	}
	return 0, false
}

func (c *encoder) wire0(v *Value, depth int) *Wire {
	if v == nil {
		return nil
	}
	if depth > maxDepth {
		return &Wire{K: Unknown}
	}
	w := &Wire{K: v.Kind, At: v.At}
	switch v.Kind {
	case Unknown, Nil:
		if v.PartlyStored() {
			return &Wire{K: Unknown, N: partlyStored.Why}
		}
		if v.Kind == Unknown {
			return &Wire{K: Unknown}
		}
	case Const:
		switch v.Const.Kind() {
		case constant.String, constant.Bool, constant.Int:
			w.CK, w.C = v.Const.Kind(), v.Const.ExactString()
		default:
			return &Wire{K: Unknown}
		}
	case Param:
		// Only the function's own parameters (and, in a literal's
		// summary, the literal's and its enclosing function's) mean
		// something elsewhere.
		w.I = v.Index
		if c.fn == nil {
			return &Wire{K: Unknown} // a variable's value has no parameters
		}
		if pv, ok := v.Obj.(*types.Var); ok {
			switch {
			case c.lit != nil && c.litParam(pv):
			case c.ownParam(pv, v.Index):
				w.Outer = c.lit != nil
			default:
				return &Wire{K: Unknown}
			}
		}
		w.Sets = c.wires(v.Sets, depth)
	case Struct:
		t := typePath(v.Type)
		if t == "" {
			return &Wire{K: Unknown}
		}
		w.T = t
		c.fields(w, v, depth)
	case Slice:
		w.E = c.wire(v.Elems, depth+1)
		if len(v.Keys) > 0 {
			w.Keys = v.Keys
			for _, e := range v.Entry {
				w.Entry = append(w.Entry, nonNil(c.wire(e, depth+1)))
			}
		}
	case Func:
		w.Obj = objPath(v.Obj)
		if w.Obj == "" {
			// An unexported function fn calls or refers to (a
			// handler a Register function puts in a table): anchored
			// on fn, as one of its literals is, with no literal.
			if c.anchorFuncs && v.Recv == nil && c.anchors(v.Obj) {
				return &Wire{K: Closure, Obj: objPath(c.fn), Ord: -1, N: v.Obj.Name()}
			}
			return &Wire{K: Unknown}
		}
		w.R = c.wire(v.Recv, depth+1)
	case Closure:
		if c.fn == nil {
			return &Wire{K: Unknown} // a literal of a variable's value: not followed
		}
		if v.Lit == nil {
			w.Obj, w.Ord = objPath(v.Obj), v.Ord
		} else {
			// A literal of fn is summarized with fn's fact; one of
			// another function an importer can name (a handler's
			// exported constructor) with that function's, and one of
			// an unexported function fn calls stands as fn's.
			switch {
			case v.Obj == c.fn:
				w.Obj = objPath(v.Obj)
				w.Ord = c.en.index().litOrd[v.Lit]
				if c.lits == nil {
					c.lits = make(map[int]*ast.FuncLit)
				}
				c.lits[w.Ord] = v.Lit
			case c.lit == nil && objPath(v.Obj) != "":
				w.Obj, w.Ord = objPath(v.Obj), c.en.index().litOrd[v.Lit]
			case c.anchors(v.Obj):
				w.Obj, w.Ord, w.N = objPath(c.fn), c.en.index().litOrd[v.Lit], v.Obj.Name()
				c.inl = append(c.inl, v)
				w.I = len(c.inl)
			default:
				return &Wire{K: Unknown}
			}
		}
		if w.Obj == "" {
			return &Wire{K: Unknown}
		}
		w.Env = c.env(v, depth)
	case Call:
		w.Obj = objPath(v.Obj)
		if w.Obj == "" {
			return &Wire{K: Unknown}
		}
		w.I = v.Index
		w.R = c.wire(v.Recv, depth+1)
		w.A = c.wires(v.Args, depth)
		c.fields(w, v, depth)
		w.Made = c.made(v)
	case Field, Elem, Method:
		w.N, w.I = v.Name, v.Index
		w.X = c.wire(v.X, depth+1)
		w.A = c.wires(v.Args, depth)
		w.Sets = c.wires(v.Sets, depth)
	case Concat:
		w.A = c.wires(v.Args, depth)
	case OneOf:
		for _, a := range v.Alts {
			w.Alts = append(w.Alts, nonNil(c.wire(a, depth+1)))
		}
	}
	return w
}

// fields encodes the fields and pending options of a Struct, or the
// stores into a Call's result.
func (c *encoder) fields(w *Wire, v *Value, depth int) {
	for _, f := range v.Fields {
		w.F = append(w.F, WireField{f.Name, c.wire(f.Value, depth+1)})
	}
	w.Sets = c.wires(v.Sets, depth)
}

// anchors reports whether a literal of g, encoded in a consumer's fact on
// fn, is anchored on fn: g is an unexported function of fn's package
// that fn calls, directly or through at most two more of them (a
// handler's constructor, a helper a registration was moved into). An
// importer cannot name g (objectpath has no path for it); the Closure
// names fn, with g's name (Value.Name) and the literal's ordinal in g,
// and fn's facts say what g's literals do (effects' Effect.Anchored).
// No literal summary goes with it.
func (c *encoder) anchors(g types.Object) bool {
	gf, ok := g.(*types.Func)
	if c.lit != nil || c.fn == nil || !ok || gf.Pkg() != c.fn.Pkg() || objPath(gf) != "" {
		return false
	}
	ix := c.en.index()
	found := false
	ix.anchorWalk(c.fn, func(f *types.Func, fd *ast.FuncDecl) bool {
		found = f == gf || analysisutil.Mentions(c.en.info, fd.Body, gf)
		return !found
	})
	return found
}

// anchorWalk calls visit with fn and the unexported package-level
// functions of the package fn calls, directly or through at most two
// more of them, each once, until visit returns false: the functions
// whose literals and function values an importer's fact names anchored
// on fn (effects' Effect.Anchored walks the same).
func (ix *index) anchorWalk(fn *types.Func, visit func(*types.Func, *ast.FuncDecl) bool) {
	fd := ix.decls[fn]
	if fd == nil {
		return
	}
	if ix.callees == nil {
		ix.callees = make(map[*ast.FuncDecl][]*types.Func)
		for callee, sites := range ix.callers {
			for _, cs := range sites {
				in, _ := cs.in.(*ast.FuncDecl)
				if lit, isLit := cs.in.(*ast.FuncLit); isLit {
					in = ix.litOwner[lit]
				}
				if in != nil {
					ix.callees[in] = append(ix.callees[in], callee)
				}
			}
		}
	}
	seen := map[*types.Func]bool{fn: true}
	level := []*types.Func{fn}
	for depth := 0; depth <= 3 && len(level) > 0; depth++ {
		var next []*types.Func
		for _, f := range level {
			d := ix.decls[f]
			if d == nil || d.Body == nil {
				continue
			}
			if !visit(f, d) {
				return
			}
			for _, g := range ix.callees[d] {
				if !seen[g] && !g.Exported() && g.Signature().Recv() == nil && objPath(g) == "" {
					seen[g] = true
					next = append(next, g)
				}
			}
		}
		level = next
	}
}

func (c *encoder) ownParam(v *types.Var, i int) bool {
	sig := c.fn.Type().(*types.Signature)
	if i < 0 {
		return sig.Recv() == v
	}
	return i < sig.Params().Len() && sig.Params().At(i) == v
}

func (c *encoder) litParam(v *types.Var) bool {
	p, ok := c.en.index().params[v]
	return ok && p.fn == c.lit
}

func (c *encoder) wires(vs []*Value, depth int) []*Wire {
	var out []*Wire
	for _, v := range vs {
		out = append(out, nonNil(c.wire(v, depth+1)))
	}
	return out
}

// nonNil stands Unknown for a value the engine has none for: gob cannot
// encode a nil element of a slice.
func nonNil(w *Wire) *Wire {
	if w == nil {
		return &Wire{K: Unknown}
	}
	return w
}

func typePath(t types.Type) string {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return ""
	}
	return objPath(n.Obj())
}

func objPath(obj types.Object) string {
	if obj == nil || obj.Pkg() == nil {
		return ""
	}
	p, err := objectpath.For(obj)
	if err != nil {
		// A stand-in for a function this package does not see
		// (absentFunc): named as it was.
		key := obj.Pkg().Path() + " " + obj.Name()
		if f, ok := absentFuncs.Load(key); ok && f == obj {
			return key
		}
		return ""
	}
	return obj.Pkg().Path() + " " + string(p)
}

// decoder turns Wires of a fact back into Values, finding objects among
// the packages the package under analysis imports, directly or not.
type decoder struct {
	pkgs  map[string]*types.Package
	fn    *types.Func // the function whose fact is decoded
	inLit bool        // a literal's summary in it is
}

func (d *decoder) object(s string) types.Object {
	i := strings.IndexByte(s, ' ')
	if i < 0 {
		return nil
	}
	pkg := d.pkgs[s[:i]]
	if pkg == nil {
		return absentFunc(s[:i], s[i+1:])
	}
	obj, err := objectpath.Object(pkg, objectpath.Path(s[i+1:]))
	if err != nil {
		return absentFunc(s[:i], s[i+1:])
	}
	return obj
}

// absentFuncs are the stand-ins absentFunc made, by path.
var absentFuncs sync.Map

// absentFunc returns a stand-in for a package-level function a fact
// names that the package under analysis does not see: under go vet an
// importer knows only what its imports' export data mention, so a
// template made in a package two imports away names mcp.NewTool, which
// its importer may not have. The stand-in has the function's package
// path and name (what consumers match: mcpmodel's mcp.NewTool and its
// options) and no parameters or results; it has no summary. Methods
// and other objects stay unknown.
func absentFunc(pkgPath, path string) types.Object {
	if path == "" || strings.ContainsAny(path, ".") || !token.IsIdentifier(path) {
		return nil
	}
	key := pkgPath + " " + path
	if f, ok := absentFuncs.Load(key); ok {
		return f.(*types.Func)
	}
	name := pkgPath[strings.LastIndexByte(pkgPath, '/')+1:]
	pkg := types.NewPackage(pkgPath, name)
	fn := types.NewFunc(token.NoPos, pkg, path, types.NewSignatureType(nil, nil, nil, nil, nil, false))
	f, _ := absentFuncs.LoadOrStore(key, fn)
	return f.(*types.Func)
}

func (d *decoder) value(w *Wire) *Value {
	v := d.value1(w)
	if w != nil && len(w.G) > 0 && v != nil && v.Kind != Unknown {
		var gs []*Guard
		for _, wg := range w.G {
			g := &Guard{Index: wg.I, Path: wg.P, Want: wg.Want}
			if wg.X != nil {
				if g.X = d.value(wg.X); g.X == nil || g.X.Kind == Unknown {
					continue
				}
			}
			for _, x := range wg.In {
				if c := d.value1(x); c != nil && c.Kind == Const {
					g.In = append(g.In, c.Const)
				}
			}
			gs = append(gs, g)
		}
		v = withGuards(v, gs)
	}
	if w != nil && w.At != "" && v != nil && v.Kind != Unknown && v.Kind != Nil && v.Kind != OneOf {
		c := *v
		c.k, c.At = "", w.At
		return &c
	}
	return v
}

func (d *decoder) value1(w *Wire) *Value {
	if w == nil {
		return nil
	}
	switch w.K {
	case Unknown:
		if w.N == partlyStored.Why {
			return partlyStored
		}
		return UnknownValue("fact")
	case Nil:
		return nilV
	case Const:
		var c constant.Value
		switch w.CK {
		case constant.String:
			c = constant.MakeFromLiteral(w.C, token.STRING, 0)
		case constant.Bool:
			c = constant.MakeBool(w.C == "true")
		case constant.Int:
			c = constant.MakeFromLiteral(w.C, token.INT, 0)
		}
		if c == nil || c.Kind() == constant.Unknown {
			return UnknownValue("constant")
		}
		return ConstValue(c)
	case Param:
		v := &Value{Kind: Param, Index: w.I}
		if d.inLit && !w.Outer {
			return v // the literal's own parameter, by position
		}
		if sig, ok := d.fn.Type().(*types.Signature); ok {
			if w.I < 0 {
				if sig.Recv() != nil {
					v.Obj = sig.Recv()
				}
			} else if w.I < sig.Params().Len() {
				v.Obj = sig.Params().At(w.I)
			}
		}
		v.Sets = d.values(w.Sets)
		return v
	case Struct:
		obj := d.object(w.T)
		if obj == nil {
			return UnknownValue("type")
		}
		v := &Value{Kind: Struct, Type: obj.Type()}
		d.fields(v, w)
		return v
	case Slice:
		v := &Value{Kind: Slice, Elems: d.value(w.E), Keys: w.Keys}
		for _, e := range w.Entry {
			v.Entry = append(v.Entry, d.value(e))
		}
		return v
	case Func:
		obj := d.object(w.Obj)
		if obj == nil {
			return UnknownValue("function")
		}
		return &Value{Kind: Func, Obj: obj, Recv: d.value(w.R)}
	case Closure:
		obj := d.object(w.Obj)
		if obj == nil {
			return UnknownValue("function")
		}
		v := &Value{Kind: Closure, Obj: obj, Ord: w.Ord, Name: w.N, Index: w.I}
		if fn, ok := obj.(*types.Func); ok && len(w.Env) > 0 {
			sig := fn.Origin().Signature()
			for i := len(w.Env) - 1; i >= 0; i-- {
				b := w.Env[i]
				var p *types.Var
				switch {
				case b.I < 0:
					p = sig.Recv()
				case b.I < sig.Params().Len():
					p = sig.Params().At(b.I)
				}
				if p != nil {
					v.Env = v.Env.Bind(p, d.value(b.V))
				}
			}
		}
		return v
	case Call:
		obj := d.object(w.Obj)
		if obj == nil {
			return UnknownValue("function")
		}
		v := &Value{Kind: Call, Obj: obj, Index: w.I, Recv: d.value(w.R), Args: d.values(w.A), made: w.Made}
		d.fields(v, w)
		return v
	case Field, Elem, Method:
		return &Value{Kind: w.K, Name: w.N, Index: w.I, X: d.value(w.X), Args: d.values(w.A), Sets: d.values(w.Sets)}
	case Concat:
		return concatAll(d.values(w.A))
	case OneOf:
		var alts []*Value
		for _, a := range w.Alts {
			alts = append(alts, d.value(a))
		}
		return Union(alts...)
	}
	return UnknownValue("fact")
}

// fields decodes the fields and pending options of a Struct, or the
// stores into a Call's result.
func (d *decoder) fields(v *Value, w *Wire) {
	v.Sets = d.values(w.Sets)
	for _, f := range w.F {
		v.Fields = append(v.Fields, FieldValue{f.Name, d.value(f.Value)})
	}
}

func (d *decoder) values(ws []*Wire) []*Value {
	var out []*Value
	for _, w := range ws {
		out = append(out, d.value(w))
	}
	return out
}
