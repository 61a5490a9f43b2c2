package freshkey

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"github.com/mcpvet/mcpvet/internal/names"
	"github.com/mcpvet/mcpvet/internal/wording"
	"github.com/mcpvet/mcpvet/passes/blocks"
	"github.com/mcpvet/mcpvet/passes/config"
	"github.com/mcpvet/mcpvet/passes/effects"
	"github.com/mcpvet/mcpvet/passes/fresh"
	"github.com/mcpvet/mcpvet/passes/retry"
	"github.com/mcpvet/mcpvet/passes/valueflow"
)

//go:embed doc.go
var doc string

const name = "freshkey"

// Analyzer reports dedupe keys made anew on every attempt of a retry.
//
// Its KeyParams facts are computed by factsPass, which runs inside the
// blocks analyzer on every package: the driver's cost is per
// fact-bearing analyzer (see package blocks), and Analyzer itself runs
// only where diagnostics are wanted.
var Analyzer = &analysis.Analyzer{
	Name:     name,
	Doc:      analysisutil.MustExtractDoc(doc, name),
	URL:      "https://pkg.go.dev/github.com/mcpvet/mcpvet/passes/freshkey",
	Run:      run,
	Requires: []*analysis.Analyzer{config.Analyzer, blocks.Analyzer}, // no inspect.Analyzer: see retry.Analyzer
	// Partial code is checked too: the Reporter reports only in the
	// function declarations that type-checked (analysisutil/partial.go).
	RunDespiteErrors: true,
}

// factsPass finds the package's key slots and exports its KeyParams
// facts (its result is a *factsResult).
var factsPass = &analysis.Analyzer{
	Name:       "freshkey_facts",
	Doc:        "computes freshkey's KeyParams facts, inside the blocks analyzer; it reports nothing",
	Run:        runFacts,
	Requires:   []*analysis.Analyzer{config.Analyzer, valueflow.Analyzer, effects.Analyzer, fresh.Analyzer},
	ResultType: reflect.TypeFor[*factsResult](),
	FactTypes:  []analysis.Fact{new(KeyParams)},
}

// factsResult is factsPass's result.
type factsResult struct {
	keyParams map[*types.Func]*KeyParams // the facts exported
	c         *checker                   // the checker that run goes on with; nil where run can report nothing
}

func init() { blocks.Register(factsPass) }

// KeyParams is the fact that a function sends some of its parameters as
// dedupe keys: func charge(ctx context.Context, key string) that sets
// the Idempotency-Key header from key. A fresh value passed there from a
// retry attempt is a fresh key.
//
// Made lists the keys the function makes itself and sends (or puts into
// the request it returns) on every call: func charge() that sets the
// Idempotency-Key header from uuid.NewString(). A call of it inside a
// retry attempt makes a new key on every attempt.
//
// SDK lists the keys an SDK makes anew on every call of the function
// (see SDKKey).
type KeyParams struct {
	Params []KeyParam // sorted by Index
	Made   []string   // key names, sorted
	SDK    []SDKKey   // in source order
}

// KeyParam is one parameter of a KeyParams fact.
type KeyParam struct {
	Index int    // 0-based, receiver excluded
	Key   string // the key name it is sent under
	// Field, when not "", is the field of the parameter that is sent
	// (func params(account string, h holder) ... {"idempotency_key": h.v}):
	// each caller's key is what its argument holds in that field.
	Field string
}

func (*KeyParams) AFact() {}
func (f *KeyParams) String() string {
	var b strings.Builder
	b.WriteString("keyParams(")
	for i, p := range f.Params {
		if i > 0 {
			b.WriteString(", ")
		}
		if p.Field != "" {
			fmt.Fprintf(&b, "%d.%s:%s", p.Index, p.Field, p.Key)
		} else {
			fmt.Fprintf(&b, "%d:%s", p.Index, p.Key)
		}
	}
	if len(f.Made) > 0 {
		if len(f.Params) > 0 {
			b.WriteString("; ")
		}
		b.WriteString("made " + strings.Join(f.Made, ", "))
	}
	for i, k := range f.SDK {
		if i > 0 {
			b.WriteString(", ")
		} else if len(f.Params) > 0 || len(f.Made) > 0 {
			b.WriteString("; ")
		}
		if i == 0 {
			b.WriteString("sdk ")
		}
		b.WriteString(k.String())
	}
	b.WriteString(")")
	return b.String()
}

// checker holds the state of one pass.
type checker struct {
	pass  *analysis.Pass
	info  *types.Info
	keys  *names.Matcher
	retry *retry.Result
	insp  *inspector.Inspector
	rep   *analysisutil.Reporter

	assigns   map[types.Object][]*assign // every assignment to a local variable of the indexed declarations
	indexed   map[ast.Decl]bool          // declarations whose assignments are in assigns and addrTaken
	slotCands map[ast.Decl][]slotCand    // composite literals, assignments and calls that may send a key, by top-level declaration, in source order
	addrTaken map[types.Object]bool      // locals whose address is taken
	fresh     *fresh.Result              // the fresh analyzer's answers
	vf        *valueflow.Result          // the value-flow engine: key names that are not constants
	keyParams map[*types.Func]*KeyParams // key parameters of this package's functions

	calleeKeyCache map[*types.Func]calleeKeys   // see calleeKeys
	madeAt         map[*types.Func]ast.Expr     // this package's functions with Made keys: the expression that makes one
	makers         map[ast.Expr]ast.Expr        // see freshMaker
	callsMade      bool                         // the package calls a function with Made keys
	sdkScan        bool                         // the package may send SDK calls that make keys (SDKKey): it imports such an SDK or a fact with SDK keys
	sdkCalls       map[ast.Decl][]*ast.CallExpr // calls that may send such an SDK call, by top-level declaration
	sdkAt          map[*types.Func]ast.Expr     // this package's functions that build an SDK input without a key: the call that sends it
	callsSDK       bool                         // the package calls another package's function with SDK keys
	factBuf        KeyParams                    // calleeKeys imports facts into it: one allocation, not one per callee

	hasFresh bool                   // the package calls a fresh source
	hasSlot  bool                   // the package sends a value as a key (set by computeKeyParams)
	reported map[ast.Node]bool      // fresh calls already reported
	inserted map[token.Pos]bool     // statements before which a fix inserts
	src      map[*token.File][]byte // file contents, for fixes
}

// assign is one assignment to a local variable.
type assign struct {
	stmt    ast.Node      // the *ast.AssignStmt, *ast.DeclStmt, *ast.IncDecStmt or filling call
	lhs     *ast.Ident    // the variable as assigned
	rhs     ast.Expr      // the value assigned; nil for a fill or ++/--
	fill    *ast.CallExpr // rand.Read(b) and similar: b is filled with fresh bytes
	define  bool          // := or var
	guarded bool          // under an if whose condition reads the variable: lazy initialization
}

func runFacts(pass *analysis.Pass) (any, error) {
	// The fresh sources of the standard library and the SDKs are in
	// the fresh analyzer's table.
	if effects.Library(pass) {
		return new(factsResult), nil
	}
	// A key is sent only under a name that says so (effects.Vocab): a
	// package that can name none, and whose callees have no KeyParams
	// facts, has no key slot, hence no KeyParams fact and no finding
	// but those of the stripe and AWS checks.
	var imported *importedKeyParams // scanned at most once, when needed
	facts := func() *importedKeyParams {
		if imported == nil {
			imported = scanKeyParams(pass)
		}
		return imported
	}
	if !pass.ResultOf[effects.Analyzer].(*effects.Result).KeyVocabulary() && !importsKeySDK(pass.Pkg) && !facts().any {
		return new(factsResult), nil
	}
	c := &checker{
		pass:      pass,
		info:      pass.TypesInfo,
		keys:      pass.ResultOf[config.Analyzer].(*config.Config).Keys,
		slotCands: make(map[ast.Decl][]slotCand),
		assigns:   make(map[types.Object][]*assign),
		indexed:   make(map[ast.Decl]bool),
		addrTaken: make(map[types.Object]bool),
		fresh:     pass.ResultOf[fresh.Analyzer].(*fresh.Result),
		vf:        pass.ResultOf[valueflow.Analyzer].(*valueflow.Result),
		keyParams: make(map[*types.Func]*KeyParams),

		calleeKeyCache: make(map[*types.Func]calleeKeys),
		madeAt:         make(map[*types.Func]ast.Expr),
		makers:         make(map[ast.Expr]ast.Expr),
		sdkCalls:       make(map[ast.Decl][]*ast.CallExpr),
		sdkAt:          make(map[*types.Func]ast.Expr),
	}
	// The SDKs' own packages are not summarized: their calls are the
	// SDK calls.
	c.sdkScan = !isKeySDK(pass.Pkg.Path()) && (importsKeySDK(pass.Pkg) || facts().sdk)
	c.scan()
	c.computeKeyParams()
	// Every finding is a fresh value sent as a key (or a stripe or AWS
	// call that makes one) inside a retry: without one, the package
	// exports facts only, and keeps nothing for run.
	res := &factsResult{keyParams: c.keyParams}
	if c.hasFresh && c.hasSlot || c.callsMade || c.callsSDK || importsKeySDK(pass.Pkg) {
		res.c = c
	}
	return res, nil
}

func run(pass *analysis.Pass) (any, error) {
	if err := config.Err(pass); err != nil {
		return nil, err // a bad .mcpvet.yaml, named in the error
	}
	res := blocks.Of(pass)
	f, _ := res.Registered(factsPass).(*factsResult)
	// Most packages of a build stop here, before the retry constructs
	// are searched for.
	if f == nil || f.c == nil || len(res.Retry.Constructs()) == 0 {
		return nil, nil
	}
	// c.pass stays the facts pass, which imports the KeyParams facts;
	// diagnostics go to this pass.
	c := f.c
	c.retry = res.Retry
	c.reported = make(map[ast.Node]bool)
	c.inserted = make(map[token.Pos]bool)
	c.src = make(map[*token.File][]byte)
	c.insp = c.retry.Inspector() // shared with retry, released below
	defer c.retry.ReleaseInspector()
	c.rep = analysisutil.NewReporter(pass, name, analysisutil.ParseDirectives(pass))
	defer c.rep.Finish()

	c.checkSlots()
	c.checkStripe()
	c.checkAWS()
	c.checkSDKCalls() // after checkAWS: an input it reported is not reported again
	return nil, nil
}

// localVar returns the local variable that id denotes, or nil.
func (c *checker) localVar(id *ast.Ident) *types.Var {
	obj := c.info.Defs[id]
	if obj == nil {
		obj = c.info.Uses[id]
	}
	v, ok := obj.(*types.Var)
	if !ok || v.IsField() || v.Parent() == nil || v.Parent() == c.pass.Pkg.Scope() {
		return nil
	}
	return v
}

// scan records whether the package calls a fresh source, and the nodes of
// each top-level declaration that send a key. The slots of a node whose
// answer cannot change (a literal, an assignment, a call of another
// package's function) are computed here, once, and the node is kept only
// if it has some; a call of this package's function is kept with its
// slots unknown, for computeKeyParams finds this package's KeyParams in
// rounds.
func (c *checker) scan() {
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			var cands []slotCand
			keep := func(n ast.Node, fn *types.Func) {
				if fn != nil && fn.Pkg() == c.pass.Pkg {
					cands = append(cands, slotCand{n: n, fn: fn})
					return
				}
				var slots []slot
				if call, ok := n.(*ast.CallExpr); ok {
					slots = c.callSlots(call, fn)
				} else {
					slots = c.slotsOf(n)
				}
				made := fn != nil && len(c.calleeKeys(fn).made) > 0
				c.callsMade = c.callsMade || made
				if len(slots) > 0 || made {
					cands = append(cands, slotCand{n: n, fn: fn, slots: slots, known: true})
				}
			}
			// Type and import declarations, signatures and type
			// syntax send nothing.
			var root ast.Node = d
			switch d := d.(type) {
			case *ast.GenDecl:
				if d.Tok == token.TYPE || d.Tok == token.IMPORT {
					continue
				}
			case *ast.FuncDecl:
				if d.Body == nil {
					continue
				}
				root = d.Body
			}
			ast.Inspect(root, func(n ast.Node) bool {
				if analysisutil.TypeSyntax(n) {
					return false
				}
				switch n := n.(type) {
				case *ast.CompositeLit:
					if hasKeyedElt(n) {
						keep(n, nil)
					}
				case *ast.AssignStmt:
					if maySendKey(n) {
						keep(n, nil)
					}
				case *ast.CallExpr:
					fn, _ := typeutil.Callee(c.info, n).(*types.Func)
					if fn == nil {
						break
					}
					// A call with no arguments sends no key of its
					// caller's, but may make one (Made).
					if len(n.Args) > 0 || fn.Pkg() == c.pass.Pkg || len(c.calleeKeys(fn).made) > 0 {
						keep(n, fn)
					}
					if c.sdkScan && c.isSDKCandidate(n, fn) {
						c.sdkCalls[d] = append(c.sdkCalls[d], n)
					}
					if !c.hasFresh {
						orig := fn.Origin()
						c.hasFresh = fresh.IsFreshFunc(orig) || c.isFreshFunc(orig) || c.filledBy(n, fn) != nil
					}
				}
				return true
			})
			if cands != nil {
				c.slotCands[d] = cands
			}
		}
	}
}

// slotCand is a node that may send a key, with the callee of a call, and
// its slots once known.
type slotCand struct {
	n     ast.Node
	fn    *types.Func
	slots []slot
	known bool // slots is the answer
}

// slots returns the key slots of the candidate.
func (c *checker) slots(sc slotCand) []slot {
	if sc.known {
		return sc.slots
	}
	if call, ok := sc.n.(*ast.CallExpr); ok {
		return c.callSlots(call, sc.fn)
	}
	return c.slotsOf(sc.n)
}

// hasKeyedElt reports whether a composite literal has a key: value
// element, the only kind slotsOf looks at.
func hasKeyedElt(lit *ast.CompositeLit) bool {
	for _, elt := range lit.Elts {
		if _, ok := elt.(*ast.KeyValueExpr); ok {
			return true
		}
	}
	return false
}

// maySendKey reports whether an assignment has the shape slotsOf looks
// at: one value per target, and a target that is a field or an index.
func maySendKey(as *ast.AssignStmt) bool {
	if len(as.Lhs) != len(as.Rhs) || (as.Tok != token.ASSIGN && as.Tok != token.DEFINE) {
		return false
	}
	for _, lhs := range as.Lhs {
		switch ast.Unparen(lhs).(type) {
		case *ast.IndexExpr, *ast.SelectorExpr:
			return true
		}
	}
	return false
}

// assignsOf returns the assignments to the local variable v.
func (c *checker) assignsOf(v types.Object) []*assign {
	c.collectAssigns(v)
	return c.assigns[v]
}

// isAddrTaken reports whether the address of the local variable v is
// taken.
func (c *checker) isAddrTaken(v types.Object) bool {
	c.collectAssigns(v)
	return c.addrTaken[v]
}

// collectAssigns records, flow insensitively, every assignment to a local
// variable of the top-level declaration that declares v, on first use:
// only the functions whose values are traced pay for it.
func (c *checker) collectAssigns(v types.Object) {
	d := c.declOf(v.Pos())
	if d == nil || c.indexed[d] {
		return
	}
	c.indexed[d] = true
	ast.PreorderStack(d, nil, func(n ast.Node, stack []ast.Node) bool {
		c.collectAssign(n, stack)
		return true
	})
}

// declOf returns the top-level declaration of the package that holds pos,
// or nil.
func (c *checker) declOf(pos token.Pos) ast.Decl {
	for _, f := range c.pass.Files {
		if pos < f.FileStart || pos > f.FileEnd {
			continue
		}
		i := sort.Search(len(f.Decls), func(i int) bool { return f.Decls[i].End() > pos })
		if i < len(f.Decls) && f.Decls[i].Pos() <= pos {
			return f.Decls[i]
		}
		return nil
	}
	return nil
}

// collectAssign is collectAssigns for node n, under the nodes of stack.
func (c *checker) collectAssign(n ast.Node, stack []ast.Node) {
	add := func(id *ast.Ident, a *assign) {
		v := c.localVar(id)
		if v == nil {
			return
		}
		a.lhs = id
		a.guarded = fresh.Guarded(c.info, a.stmt, stack, v)
		c.assigns[v] = append(c.assigns[v], a)
	}
	{
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				id, ok := ast.Unparen(lhs).(*ast.Ident)
				if !ok {
					continue
				}
				a := &assign{stmt: n, define: n.Tok == token.DEFINE}
				switch {
				case len(n.Lhs) == len(n.Rhs):
					a.rhs = n.Rhs[i]
				case len(n.Rhs) == 1:
					a.rhs = n.Rhs[0] // v, err := f()
				}
				add(id, a)
			}
		case *ast.ValueSpec:
			if len(stack) < 2 {
				return
			}
			stmt := stack[len(stack)-2] // ValueSpec → GenDecl → DeclStmt (or File)
			for i, id := range n.Names {
				a := &assign{stmt: stmt, define: true}
				switch {
				case len(n.Values) == len(n.Names):
					a.rhs = n.Values[i]
				case len(n.Values) == 1:
					a.rhs = n.Values[0]
				}
				if a.rhs != nil {
					add(id, a)
				}
			}
		case *ast.IncDecStmt:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok {
				add(id, &assign{stmt: n})
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				if id, ok := ast.Unparen(n.X).(*ast.Ident); ok {
					if v := c.localVar(id); v != nil {
						c.addrTaken[v] = true
					}
				}
			}
		case *ast.CallExpr:
			if b := c.filled(n); b != nil {
				add(b, &assign{stmt: n, fill: n})
			}
		}
	}
}

// importedKeyParams is what the dependencies' KeyParams facts hold.
type importedKeyParams struct {
	any bool // a dependency has a KeyParams fact
	sdk bool // one with SDK keys
}

// scanKeyParams looks through the dependencies' KeyParams facts.
func scanKeyParams(pass *analysis.Pass) *importedKeyParams {
	r := new(importedKeyParams)
	for _, f := range pass.AllObjectFacts() {
		if kp, ok := f.Fact.(*KeyParams); ok {
			r.any = true
			if len(kp.SDK) > 0 {
				r.sdk = true
				break
			}
		}
	}
	return r
}

// importsKeySDK reports whether pkg imports a package of an SDK that makes
// keys itself (stripe-go, the AWS SDK v2 services): the stripe and AWS
// checks report calls of those, with no fresh call in sight.
func importsKeySDK(pkg *types.Package) bool {
	for _, imp := range pkg.Imports() {
		if p := imp.Path(); isStripe(p) || strings.HasPrefix(p, "github.com/aws/aws-sdk-go-v2/service/") {
			return true
		}
	}
	return false
}

// isKeySDK reports whether path is a package of stripe-go or of the AWS
// SDK v2.
func isKeySDK(path string) bool {
	return isStripe(path) || strings.HasPrefix(path, "github.com/aws/aws-sdk-go-v2/")
}

// filled returns the buffer that call fills with random bytes:
// rand.Read(b) of crypto/rand or math/rand, io.ReadFull(rand.Reader, b).
func (c *checker) filled(call *ast.CallExpr) *ast.Ident {
	fn, _ := typeutil.Callee(c.info, call).(*types.Func)
	return c.filledBy(call, fn)
}

// filledBy is filled for a call of fn.
func (c *checker) filledBy(call *ast.CallExpr, fn *types.Func) *ast.Ident {
	return c.fresh.FilledBy(c.info, call, fn)
}

// isFreshFunc reports whether fn returns a fresh value according to a
// FreshFunc fact of the fresh analyzer, in this package or another.
func (c *checker) isFreshFunc(fn *types.Func) bool { return c.fresh.IsFact(fn) }

// origin is where a key's value is made fresh.
type origin struct {
	call   *ast.CallExpr // the fresh call
	maker  ast.Expr      // the expression that makes the key: the assigned value, or the slot's value
	assign *assign       // the assignment of maker, or nil when the key is made inline in the slot
}

// origins returns the fresh calls that the value of e derives from,
// following local variables through their assignments. top is the
// expression reported as the key's maker; via its assignment.
func (c *checker) origins(e, top ast.Expr, via *assign, visited map[types.Object]bool, out *[]origin, withGuarded bool) {
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		if _, ok := fresh.Call(c.info, e, c.isFreshFunc); ok {
			*out = append(*out, origin{call: e, maker: top, assign: via})
			return
		}
		if x := c.vf.Inlined(e); x != ast.Expr(e) {
			// A literal run in place that returns the key's value:
			// k := func() string { return fmt.Sprint(rand.Int63()) }().
			c.origins(x, top, via, visited, out, withGuarded)
			return
		}
		if tv, ok := c.info.Types[e.Fun]; ok && tv.IsType() {
			for _, a := range e.Args {
				c.origins(a, top, via, visited, out, withGuarded)
			}
			return
		}
		if id, ok := ast.Unparen(e.Fun).(*ast.Ident); ok {
			if b, ok := c.info.Uses[id].(*types.Builtin); ok {
				if b.Name() == "append" {
					for _, a := range e.Args {
						c.origins(a, top, via, visited, out, withGuarded)
					}
				}
				return
			}
		}
		if sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr); ok {
			if s := c.info.Selections[sel]; s != nil && s.Kind() == types.MethodVal {
				// A method of a fresh value: uuid.New().String(),
				// time.Now().UnixNano().
				c.origins(sel.X, top, via, visited, out, withGuarded)
				return
			}
		}
		fn, _ := typeutil.Callee(c.info, e).(*types.Func)
		if fn != nil && fresh.Transforms(fn) {
			for _, a := range e.Args {
				c.origins(a, top, via, visited, out, withGuarded)
			}
			return
		}
		if fn != nil {
			// A constructor or an option, of this package or another:
			// what the engine finds its result holds, and which call
			// made it (newTicket().Key, made by newTicket's helper).
			c.flowOrigins(e, visited, out, withGuarded)
		}
	case *ast.SelectorExpr:
		sel := c.info.Selections[e]
		if sel == nil || sel.Kind() != types.FieldVal {
			return
		}
		// A key kept in a field of a local struct value: the literals
		// assigned to the variable, then what the engine finds.
		if id, ok := ast.Unparen(e.X).(*ast.Ident); ok && len(sel.Index()) == 1 {
			if v := c.localVar(id); v != nil && !visited[v] {
				for _, a := range c.assignsOf(v) {
					if a.rhs == nil || a.guarded && !withGuarded {
						continue
					}
					rhs := ast.Unparen(a.rhs)
					if u, ok := rhs.(*ast.UnaryExpr); ok && u.Op == token.AND {
						rhs = ast.Unparen(u.X)
					}
					if lit, ok := rhs.(*ast.CompositeLit); ok {
						for _, el := range lit.Elts {
							if kv, ok := el.(*ast.KeyValueExpr); ok {
								if k, ok := kv.Key.(*ast.Ident); ok && k.Name == e.Sel.Name {
									c.origins(kv.Value, kv.Value, a, visited, out, withGuarded)
								}
							}
						}
					}
				}
			}
		}
		c.flowOrigins(e, visited, out, withGuarded)
	case *ast.Ident:
		v := c.localVar(e)
		if v == nil || visited[v] {
			return
		}
		visited[v] = true
		for _, a := range c.assignsOf(v) {
			if a.guarded && !withGuarded {
				continue
			}
			switch {
			case a.fill != nil:
				*out = append(*out, origin{call: a.fill, maker: a.fill, assign: a})
			case a.rhs != nil:
				c.origins(a.rhs, a.rhs, a, visited, out, withGuarded)
			}
		}
	case *ast.UnaryExpr:
		c.origins(e.X, top, via, visited, out, withGuarded)
	case *ast.StarExpr:
		c.origins(e.X, top, via, visited, out, withGuarded)
	case *ast.BinaryExpr:
		switch e.Op {
		case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ, token.LAND, token.LOR:
			return
		}
		c.origins(e.X, top, via, visited, out, withGuarded)
		c.origins(e.Y, top, via, visited, out, withGuarded)
	case *ast.CompositeLit:
		for _, elt := range e.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				elt = kv.Value
			}
			c.origins(elt, top, via, visited, out, withGuarded)
		}
	case *ast.SliceExpr:
		c.origins(e.X, top, via, visited, out, withGuarded)
	case *ast.IndexExpr:
		c.origins(e.X, top, via, visited, out, withGuarded)
	case *ast.TypeAssertExpr:
		c.origins(e.X, top, via, visited, out, withGuarded)
	}
}

// flowOrigins adds the fresh calls of this package that the value-flow
// engine finds in the value of e, where the syntax alone does not show
// them: a key kept in a struct field, passed through a constructor or an
// option of this package. Each is reported where it is made.
func (c *checker) flowOrigins(e ast.Expr, visited map[types.Object]bool, out *[]origin, withGuarded bool) {
	c.flowValueOrigins(e, c.vf.Eval(e, nil), visited, out, withGuarded)
}

// flowValueOrigins is flowOrigins for the value v of (or in) e.
func (c *checker) flowValueOrigins(e ast.Expr, v *valueflow.Value, visited map[types.Object]bool, out *[]origin, withGuarded bool) {
	seen := make(map[*valueflow.Value]bool)
	var calls []*ast.CallExpr
	unplaced := false // a fresh call the engine found inside another function's result
	var walk func(v *valueflow.Value, depth int)
	walk = func(v *valueflow.Value, depth int) {
		if v == nil || depth > 8 || seen[v] {
			return
		}
		seen[v] = true
		switch v.Kind {
		case valueflow.Call:
			fn, _ := v.Obj.(*types.Func)
			switch site, _ := v.Site.(*ast.CallExpr); {
			case site != nil && fn != nil && c.fresh.IsFresh(fn):
				// Made by a helper's call here, however deep the
				// helper made it (newHolder() -> newKey() ->
				// uuid.NewString()): that call makes it anew.
				*out = append(*out, origin{call: site, maker: site})
			case site != nil:
				// Made by a helper's call that is no fresh source: what
				// it was made of is walked below.
			case v.Node != nil:
				if call, ok := v.Node.(*ast.CallExpr); ok && call != e {
					calls = append(calls, call)
				}
			case fn != nil && c.fresh.IsFresh(fn):
				unplaced = true
			}
			walk(v.Recv, depth+1)
			for _, a := range v.Args {
				walk(a, depth+1)
			}
		case valueflow.OneOf:
			for _, a := range v.Alts {
				walk(a, depth+1)
			}
		case valueflow.Concat:
			for _, a := range v.Args {
				walk(a, depth+1)
			}
		case valueflow.Field, valueflow.Elem, valueflow.Method:
			walk(v.X, depth+1)
			for _, a := range v.Args {
				walk(a, depth+1)
			}
		}
	}
	walk(v, 0)
	if unplaced && len(calls) == 0 {
		// A helper's summary stands for the call that made the value
		// (g.Next() returning prefix + uuid.NewString()): the fresh call
		// written in e is the one to report.
		if call, _ := c.fresh.Find(c.info, e); call != nil && call != e {
			calls = append(calls, call)
		}
	}
	for _, call := range calls {
		c.origins(call, call, nil, visited, out, withGuarded)
	}
}

// pure reports whether every call in e is free of side effects that
// moving it could reorder: fresh sources of the table, transformations,
// conversions and methods of the fresh types.
func (c *checker) pure(e ast.Node) bool {
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			ok = false
		case *ast.CallExpr:
			if tv, isT := c.info.Types[n.Fun]; isT && tv.IsType() {
				return true
			}
			fn, _ := typeutil.Callee(c.info, n).(*types.Func)
			if fn == nil {
				if id, isID := ast.Unparen(n.Fun).(*ast.Ident); isID {
					if _, isB := c.info.Uses[id].(*types.Builtin); isB {
						return true
					}
				}
				ok = false
				return false
			}
			fn = fn.Origin()
			switch {
			case fresh.IsFreshFunc(fn), fresh.Transforms(fn):
			case isMethod(fn) && fn.Pkg() != nil && freshTypePkg(fn.Pkg().Path()):
			default:
				ok = false
			}
		}
		return ok
	})
	return ok
}

func isMethod(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	return ok && sig.Recv() != nil
}

// freshTypePkg reports whether the methods of path's types are pure
// accessors (uuid.UUID.String, time.Time.UnixNano).
func freshTypePkg(path string) bool {
	switch path {
	case "time", "github.com/google/uuid", "github.com/gofrs/uuid", "github.com/gofrs/uuid/v5",
		"github.com/oklog/ulid", "github.com/oklog/ulid/v2", "github.com/rs/xid", "github.com/segmentio/ksuid":
		return true
	}
	return false
}

// slot is a place where a value becomes a dedupe key.
type slot struct {
	key   string   // the key's name: map key, JSON name, field or header name
	value ast.Expr // the value that becomes the key
	// field, when not "", says that the key is this field of value, a
	// parameter of the enclosing function (paramSlots): value is not the
	// key itself, and only its callers' arguments tell it.
	field string
}

// checkSlots reports keys made fresh inside a retry attempt.
func (c *checker) checkSlots() {
	for cur := range c.insp.Root().Preorder((*ast.CompositeLit)(nil), (*ast.AssignStmt)(nil), (*ast.CallExpr)(nil)) {
		n := cur.Node()
		if len(c.retry.Enclosing(n)) == 0 {
			continue
		}
		for _, s := range c.slotsOf(n) {
			c.checkSlot(s)
		}
		if call, ok := n.(*ast.CallExpr); ok {
			c.checkMade(call)
		}
	}
}

// checkMade reports a call, inside the attempt of a retry, of a function
// that makes a new key and sends it on every call (KeyParams.Made).
func (c *checker) checkMade(call *ast.CallExpr) {
	fn, _ := typeutil.Callee(c.info, call).(*types.Func)
	if fn == nil {
		return
	}
	made := c.madeBy(fn)
	if len(made) == 0 || c.reported[call] {
		return
	}
	for _, con := range c.retry.Enclosing(call) {
		if !within(con.Attempt, call) {
			continue
		}
		if con.CallsBack(fn) {
			continue // a recursive retry: the key is reported where fn makes it
		}
		c.reported[call] = true
		name := analysisutil.FuncDisplay(fn, c.pass.Pkg)
		var rel []analysis.RelatedInformation
		if at := c.madeAt[fn.Origin()]; at != nil {
			rel = append(rel, analysis.RelatedInformation{Pos: at.Pos(), End: at.End(), Message: "the key is made here, on every call of " + name})
		}
		fix := "create the key once before the retry and pass it to " + name
		if con.Kind == retry.Loop {
			fix = "create the key once before the loop and pass it to " + name
		}
		c.rep.Report(analysis.Diagnostic{
			Pos: call.Pos(), End: call.End(),
			Category: wording.FreshKey,
			Message:  wording.MadeAnew(fmt.Sprintf("idempotency key %q, made by %s,", made[0], name), "attempt of "+describe(con)),
			Related:  withFix(append(rel, related(con)...), fix),
		})
		return
	}
}

func (c *checker) slotsOf(n ast.Node) []slot {
	var slots []slot
	switch n := n.(type) {
	case *ast.CompositeLit:
		t := c.info.TypeOf(n)
		if t == nil {
			return nil
		}
		switch u := deref(t).Underlying().(type) {
		case *types.Map:
			for _, elt := range n.Elts {
				kv, ok := elt.(*ast.KeyValueExpr)
				if !ok {
					continue
				}
				if s, ok := c.keyName(kv.Key); ok {
					slots = append(slots, slot{key: s, value: kv.Value})
				}
			}
		case *types.Struct:
			for _, elt := range n.Elts {
				kv, ok := elt.(*ast.KeyValueExpr)
				if !ok {
					continue
				}
				id, ok := kv.Key.(*ast.Ident)
				if !ok {
					continue
				}
				for i := 0; i < u.NumFields(); i++ {
					if u.Field(i).Name() == id.Name {
						if k := c.fieldKey(u.Field(i).Name(), u.Tag(i)); k != "" {
							slots = append(slots, slot{key: k, value: kv.Value})
						}
						break
					}
				}
			}
		}
	case *ast.AssignStmt:
		if len(n.Lhs) != len(n.Rhs) || (n.Tok != token.ASSIGN && n.Tok != token.DEFINE) {
			return nil
		}
		for i, lhs := range n.Lhs {
			switch lhs := ast.Unparen(lhs).(type) {
			case *ast.IndexExpr:
				if _, ok := deref(c.info.TypeOf(lhs.X)).Underlying().(*types.Map); !ok {
					continue
				}
				if s, ok := c.keyName(lhs.Index); ok {
					slots = append(slots, slot{key: s, value: n.Rhs[i]})
				}
			case *ast.SelectorExpr:
				sel := c.info.Selections[lhs]
				if sel == nil || sel.Kind() != types.FieldVal {
					continue
				}
				if k := c.fieldKey(sel.Obj().Name(), fieldTag(sel)); k != "" {
					slots = append(slots, slot{key: k, value: n.Rhs[i]})
				}
			}
		}
	case *ast.CallExpr:
		fn, _ := typeutil.Callee(c.info, n).(*types.Func)
		return c.callSlots(n, fn)
	}
	return slots
}

// callSlots is slotsOf for a call of fn (typeutil.Callee; nil if none).
func (c *checker) callSlots(call *ast.CallExpr, fn *types.Func) []slot {
	if fn == nil || len(call.Args) == 0 {
		return nil
	}
	slots := c.paramSlots(call, fn)
	fname := fn.Name()
	// SetIdempotencyKey(key), WithIdempotencyKey(key).
	for _, p := range []string{"Set", "With"} {
		if rest, ok := strings.CutPrefix(fname, p); ok && len(call.Args) == 1 && c.keys.IsKey(rest) {
			return append(slots, slot{key: rest, value: call.Args[0]})
		}
	}
	// Header.Set("Idempotency-Key", key), metadata.Pairs(...), q.Add(...).
	for _, p := range []string{"Get", "Require", "Has", "Del", "Lookup", "Values", "Must", "Sprint", "Print", "Fprint", "Error", "Errorf"} {
		if strings.HasPrefix(fname, p) {
			return slots
		}
	}
	sig := fn.Signature()
	for i := 0; i+1 < len(call.Args); i++ {
		if !analysisutil.MayTakeString(sig.Params(), sig.Variadic(), i) {
			continue
		}
		if s, ok := c.keyName(call.Args[i]); ok {
			slots = append(slots, slot{key: s, value: call.Args[i+1]})
		}
	}
	return slots
}

// keyName returns the dedupe key's name that e, a map key or a call's
// argument, holds: its constant value, or the one name the value-flow
// engine finds (a name kept in a local or a field, a constructor's
// result).
func (c *checker) keyName(e ast.Expr) (string, bool) {
	if s, ok := analysisutil.ConstString(c.info, e); ok {
		return s, c.keys.IsKey(s)
	}
	if _, isLit := e.(*ast.BasicLit); isLit {
		return "", false
	}
	ss, ok := c.vf.Strings(e)
	if !ok {
		return "", false
	}
	for _, s := range ss {
		if !c.keys.IsKey(s) {
			return "", false
		}
	}
	return ss[0], true
}

// fieldKey returns the key name of a struct field, by JSON name or field
// name, or "".
func (c *checker) fieldKey(field, tag string) string {
	if j := names.JSONName(tag); j != "" && j != "-" && c.keys.IsKey(j) {
		return j
	}
	if c.keys.IsKey(field) {
		return field
	}
	return ""
}

// checkSlot reports the slot's value if it is made fresh inside the
// attempt of a retry that also sends it.
func (c *checker) checkSlot(s slot) {
	var origins []origin
	if s.field != "" {
		// The field of a struct the syntax does not show (a
		// constructor's result, a struct kept in a field): what the
		// engine finds.
		c.flowValueOrigins(s.value, c.vf.Eval(s.value, nil).Select(s.field), make(map[types.Object]bool), &origins, false)
	} else {
		c.origins(s.value, s.value, nil, make(map[types.Object]bool), &origins, false)
	}
	for _, o := range origins {
		if c.reported[o.call] {
			continue
		}
		for _, con := range c.retry.Enclosing(o.call) {
			if !within(con.Attempt, s.value) {
				continue
			}
			c.reported[o.call] = true
			d := analysis.Diagnostic{
				Pos: o.maker.Pos(), End: o.maker.End(),
				Category: wording.FreshKey,
				Message:  wording.MadeAnew(fmt.Sprintf("idempotency key %q", s.key), "attempt of "+describe(con)),
				Related:  withFix(related(con), fixText(con)),
			}
			if f := c.fix(con, o, s); f != nil {
				d.SuggestedFixes = []analysis.SuggestedFix{*f}
			}
			c.rep.Report(d)
			break
		}
	}
}

func within(outer, inner ast.Node) bool {
	return outer != nil && outer.Pos() <= inner.Pos() && inner.End() <= outer.End()
}

// describe names the retry construct in a message.
func describe(con *retry.Construct) string {
	switch con.Kind {
	case retry.Loop:
		return "this retry loop"
	case retry.Recursion:
		if fd, ok := con.Node.(*ast.FuncDecl); ok {
			return "the recursive retry of " + fd.Name.Name
		}
		return "this recursive retry"
	}
	if con.Name != "" {
		return con.Name
	}
	return "this retry"
}

// fixText tells how to make the key once.
func fixText(con *retry.Construct) string {
	switch con.Kind {
	case retry.Loop:
		return "create the key once before the loop and reuse it"
	case retry.Recursion:
		return "create the key once in the caller and pass it to every attempt"
	}
	if con.Name != "" {
		return "create the key once before calling " + con.Name + " and reuse it"
	}
	return "create the key once before the retry and reuse it"
}

// withFix adds fix to the message of the last related position.
func withFix(rel []analysis.RelatedInformation, fix string) []analysis.RelatedInformation {
	if last := len(rel) - 1; last >= 0 {
		rel[last].Message = wording.Fix(rel[last].Message, fix)
	}
	return rel
}

func related(con *retry.Construct) []analysis.RelatedInformation {
	switch n := con.Node.(type) {
	case *ast.ForStmt, *ast.RangeStmt:
		return []analysis.RelatedInformation{{Pos: n.Pos(), End: n.Pos() + token.Pos(len("for")), Message: "retry loop"}}
	case *ast.CallExpr:
		return []analysis.RelatedInformation{{Pos: n.Fun.Pos(), End: n.Fun.End(), Message: "retried by " + types.ExprString(n.Fun)}}
	case *ast.FuncDecl:
		return []analysis.RelatedInformation{{Pos: n.Name.Pos(), End: n.Name.End(), Message: "retried by recursion"}}
	case nil:
		return nil
	default:
		return []analysis.RelatedInformation{{Pos: n.Pos(), End: n.Pos(), Message: "retry"}}
	}
}

func deref(t types.Type) types.Type {
	if t == nil {
		return types.Typ[types.Invalid]
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// fieldTag returns the tag of the selected field, found through the
// struct type the selection ends in.
func fieldTag(sel *types.Selection) string {
	t := sel.Recv()
	idx := sel.Index()
	for i, fi := range idx {
		t = deref(t)
		st, ok := t.Underlying().(*types.Struct)
		if !ok || fi >= st.NumFields() {
			return ""
		}
		if i == len(idx)-1 {
			return st.Tag(fi)
		}
		t = st.Field(fi).Type()
	}
	return ""
}
