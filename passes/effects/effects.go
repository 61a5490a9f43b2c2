// Package effects defines a building-block analyzer that finds the side
// effects a function commits, directly or through calls, and the functions
// that read a dedupe key. It reports nothing; it exports facts so that a
// handler calling store.Append in another package is seen.
//
// Do not make this analyzer expensive: under go vet it runs on every
// package of the build, the standard library excepted.
package effects

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"
	"sync"
	"unicode"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"github.com/mcpvet/mcpvet/internal/names"
	"github.com/mcpvet/mcpvet/passes/config"
	"github.com/mcpvet/mcpvet/passes/fresh"
	"github.com/mcpvet/mcpvet/passes/valueflow"
)

// Effect is a fact about a function (or a package-level variable holding
// one) that commits a side effect when called.
type Effect struct {
	Sink       string // the catalogue entry finally reached, e.g. "os.WriteFile"
	Kind       string // e.g. "file write"
	Idempotent bool   // whether the effect is idempotent by nature
	// Guarded says why an effect that would repeat is Idempotent: a
	// guarded transition's guard stands before it (guard.go).
	Guarded    bool
	Via        string // the first callee on the way, "" when called directly
	KeyChecked bool   // the function also reads a dedupe key somewhere
	KeyFrom    []int  // the parameters that key comes from (-1: the receiver); see origin.go
	// KeyField is the field of parameter KeyFrom[0] the key is read from
	// (rec.RequestID), when the function reads it so: a caller passing a
	// struct literal is keyed by that field's value alone, not by the
	// other fields it fills from the request.
	KeyField string
	Proc     *Proc // a process run whose command line each call site decides (exec.go)
	File     int   // 1-based parameter whose *os.File, or the path in which, is written: each call site decides (housekeeping.go)
	Rest     int   // 1-based parameter holding the client-go *rest.Request the function sends: each call site's verb decides (restVerb)
	SQL      int   // 1-based parameter holding the SQL statement the function executes: each call site's statement decides (sqlArg)
	Op       int   // 1-based parameter naming the remote operation (a JSON-RPC method) the function's POST runs: each call site's name decides (rpcop.go)
	Batch    int   // 1-based parameter holding the requests (or the call) of a Google batchUpdate the function sends: each call site's requests decide (batchAdds)
	// Repeats says that the request's own content shows a repeat does
	// more (a batchUpdate that inserts): no name on the way (a tool
	// named update_x) outweighs it.
	Repeats bool
	Unless  int // 1-based bool parameter that, true, prevents the effect (an IMAP FETCH's Peek): each call site's value decides
	Fetch   int // 1-based parameter holding the items of a go-imap v1 FETCH the function sends: each call site's items decide (imapFetchV1)
	// UnlessField is the field path of parameter Unless that holds the
	// bool ("Peek" of a *FetchItemBodySection the caller passes).
	UnlessField string
	// Iface, when not "", says that the function calls this method of an
	// interface of the main module ("path.Type.Method") that no package
	// it can see implements: the implementation is wired in elsewhere
	// (main). A package that sees the implementations decides (pending.go).
	Iface string
	// MoreIfaces are the function's next pending interface calls, in
	// source order, after Iface (at most maxMoreIfaces): the first may
	// be a read (a repository's Find before the client's Rollback), and
	// the package that resolves them takes the first that commits an
	// effect (pendingCall).
	MoreIfaces []string
	Trail      []Hop  // the calls from the function to the sink (trail.go)
	Method     string // for an HTTP request, its method ("POST"), when known
	RPC        bool   // an HTTP POST of a client that POSTs everything (http.go)
	// Transport marks an HTTP POST whose method a helper named by no
	// operation fixes (newAPIRequest, doAPIAttempt, apiRequest) and that
	// no function on the way up has named since: a client's transport,
	// no evidence of a write by itself (a read-only hint: toolhints).
	// A function named by a mutation or a state it sets decides it.
	Transport bool
	// Mutation marks an HTTP POST or PATCH whose method a function named
	// by a mutation verb fixes (createItem builds it, another function
	// sends it), or that carries a GraphQL mutation: it writes, whatever
	// the tool's name (NamedRead), even from an RPC-style client (for a
	// read-only hint: toolhints).
	Mutation bool
	// Asserted records a "//mcpvet:idempotent <reason>" directive in the
	// function's doc comment: its author says it dedupes in a way mcpvet
	// cannot see, and a handler registered from another package is
	// trusted as it is in its own.
	Asserted bool
	// KeyMade is the dedupe key the function makes itself, anew on
	// every call, and sends downstream (ChargeWithKey(ctx, uuid.NewString(),
	// ...), an IdempotencyKey field set from the clock, or mixed with the
	// caller's data): a caller's retry sends a new key, which dedupes
	// nothing. Nil when it makes none.
	KeyMade *MadeKey
	// Args are the normalized names of the tool-call arguments a handler
	// reads (req.GetString("order_ref"), args["order_ref"], a typed
	// input's field), for a function that takes an SDK's request or
	// returns a literal that does (args.go): a registration whose input
	// schema describes one of them as the dedupe key finds the key read
	// where the handler is declared in another package.
	Args []string
	// Lits are the effects of the function's literals, in valueflow's
	// order (Closure.Ord: preorder in the declaration), for a function
	// whose literals another package may register as handlers (a
	// registry filled by RegisterTools(), a constructor's result): each
	// is judged by what its own body commits, not by all the function
	// does. Nil when the function has none, or more than maxLits.
	Lits []LitEffect
	// Anchored are the effects of the literals of the unexported
	// functions of the package the function calls (a handler's
	// constructor), and of those it refers to as values (a handler it
	// puts in a registry): an importer's closure or function value names
	// them by the function's name (LitRef.In), as it cannot name them
	// itself (objectpath). An unexported function the function calls or
	// refers to that is not listed commits nothing.
	Anchored []AnchoredLits
}

// through returns e, the effect of a call of the function name, as its
// caller sees it: a transport POST (Effect.Transport) is decided by the
// first name on the way that says what it does. A read, or a credential
// exchange, with no word of a change (GetPage, login, checkSession),
// makes it a POST read by design (Soft): the client's way to read. A
// mutation or a state set (EditPage, MovePage) makes it an ordinary
// POST. e itself may change.
func (e *Effect) through(name string) *Effect {
	if e == nil || !e.Transport || neutralName(name) {
		return e
	}
	e.Transport = false
	if readsOnly(name) {
		e.Kind, e.Method = kindReadPOST, ""
		return e
	}
	e.Mutation = e.Mutation || namesMutation(name)
	return e
}

// Anchors is the fact on an exported function that commits no effect
// itself but refers to unexported functions that do (RegisterTools()
// putting a handler in a registry): its Effect.Anchored; or whose
// literals call function values its parameters hold (a handler
// factory: LitEffect.Calls): Own.
type Anchors struct {
	Funcs []AnchoredLits
	Own   []LitEffect // the function's own literals, when one calls a parameter
}

func (*Anchors) AFact() {}

func (a *Anchors) String() string {
	var names []string
	for _, f := range a.Funcs {
		names = append(names, f.Func)
	}
	s := strings.Join(names, ", ")
	for _, l := range a.Own {
		for _, i := range l.Calls {
			s += fmt.Sprintf("; lit %d calls param %d", l.Ord, i)
		}
	}
	return "anchors(" + s + ")"
}

// AnchoredLits are the literal effects of one unexported function
// (Anchors), and for one the function refers to as a value (a
// handler it puts in a table), its own effect (Self; nil for none).
type AnchoredLits struct {
	Func string
	Lits []LitEffect
	Self *Effect
	Ref  bool // referred to as a value: Self describes it
}

// LitEffect is the effect of one function literal of a function
// (Effect.Lits); Effect is nil for a literal that commits none.
type LitEffect struct {
	Ord    int
	Effect *Effect
	// Calls are the parameters of the function writing the literal
	// (0-based) that hold function values the literal calls: a handler
	// factory's fn of return func(...) { ... fn(ctx, in.ID) ... }. What
	// each registration's factory call binds them to decides what the
	// literal does besides its own effect (HandlerEffect).
	Calls []int
	// Keyed says that the literal reads a dedupe key (Calls): the
	// bound call is taken as keyed.
	Keyed bool
}

func (*Effect) AFact() {}

// A MadeKey is a key a function makes anew on every call (Effect.KeyMade).
type MadeKey struct {
	Key string // its name; "key" for a key parameter of a callee (Effect.KeyFrom)
	At  Hop    // the call that makes the fresh value; Callee is the fresh source
}

// Soft reports whether e is a POST that is a read by design (a search, a
// query endpoint: readByDesign), which is no effect for the checks
// (FuncEffect, CallEffect and EffectsIn leave it out) unless the tool
// says it is destructive (Hard, Handler.SetDestructive): the tool's own
// word outweighs the name or path of the endpoint. Soft effects travel
// as effects do, and any other effect beats one (MoreSignificant).
func (e *Effect) Soft() bool { return e != nil && e.Kind == kindReadPOST }

// Hard returns e, or for a soft effect, the POST it may be after all.
func (e *Effect) Hard() *Effect {
	if e.Pending() {
		return nil // no effect until resolved (pending.go)
	}
	if !e.Soft() {
		return e
	}
	c := *e
	c.Kind, c.Method = kindHTTP, "POST"
	return &c
}

// firm returns e unless it is soft.
func firm(e *Effect) *Effect {
	if e.Soft() || e.Pending() {
		return nil
	}
	return e
}

func (e *Effect) String() string {
	if e.conditional() {
		return "effect(" + e.Kind + ": " + e.Sink + " " + e.condString() + ")"
	}
	kind := e.Kind
	if e.Method != "" && !e.Soft() {
		kind = "HTTP " + e.Method
		if e.RPC {
			kind += " (rpc)"
		}
	}
	made := ""
	if e.KeyMade != nil {
		made = "; makes " + e.KeyMade.Key + " by " + e.KeyMade.At.Callee
	}
	if e.Via != "" {
		return "effect(" + kind + ": " + e.Sink + " via " + e.Via + made + ")"
	}
	return "effect(" + kind + ": " + e.Sink + made + ")"
}

// Describe renders the effect for a diagnostic: "(*os.File).Write" or
// "store.Append → os.WriteFile".
func (e *Effect) Describe() string {
	if e.Via != "" && e.Via != e.Sink {
		return e.Via + " (" + e.Kind + " via " + e.Sink + ")"
	}
	return e.Sink + " (" + e.Kind + ")"
}

// KeyRead is a fact about a function that reads a dedupe key and commits
// no effect itself: a helper such as checkIdempotency(req).
type KeyRead struct {
	Key     string
	KeyFrom []int // the parameters the key comes from (-1: the receiver); see origin.go
}

func (*KeyRead) AFact()           {}
func (k *KeyRead) String() string { return "keyread(" + k.Key + fromString(k.KeyFrom) + ")" }

// Analyzer computes effect and key-read facts.
var Analyzer = &analysis.Analyzer{
	Name:       "effects",
	Doc:        "computes side-effect and dedupe-key-read facts for functions; it reports nothing",
	URL:        "https://pkg.go.dev/github.com/mcpvet/mcpvet/passes/effects",
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
	Requires:   []*analysis.Analyzer{config.Analyzer, valueflow.Analyzer, fresh.Analyzer},
	FactTypes:  []analysis.Fact{new(Effect), new(KeyRead), new(HTTP), new(Vocab), new(StandIn), new(Anchors), new(Hidden), new(TempResult)},
}

// Result gives the checks access to the catalogue and the facts of this
// package and its dependencies.
type Result struct {
	Config   *config.Config
	module   string
	effects  map[types.Object]*Effect
	keyReads map[types.Object]*KeyRead
	anchors  map[types.Object]*Anchors // Anchors facts, by function
	// ifaceCache memoizes interfaceEffect. The checks that require this
	// pass may call CallEffect in parallel on the same package: mu guards it.
	mu         sync.Mutex
	ifaceCache map[*types.Func]*Effect
	// effectNames holds, by name, the packages with an effectful method
	// of that name in effects: an interface method no such package has is
	// dismissed without looking for implementations (iface.go). Built on
	// first use, under mu.
	effectNames map[string][]*types.Package
	// never holds, while run computes the package's facts, the callees
	// that commit no effect whatever their arguments, so that their other
	// calls are dismissed at once. It is nil afterwards.
	never map[*types.Func]bool
	// fullNames memoizes types.Func.FullName while run computes the
	// facts (the catalogue is keyed by full name); nil afterwards.
	fullNames map[*types.Func]string
	// fieldKeys memoizes, likewise, the key name of each field read
	// (KeyReadAt), "" for a field that is not a key.
	fieldKeys map[*types.Var]string
	// configPkgs are the packages of the configured sinks and non-sinks.
	configPkgs map[string]bool
	// pkg is the package under analysis; imported memoizes the packages
	// of the interface's module it imports, directly or not (iface.go).
	pkg      *types.Package
	imported map[string][]*types.Package
	// progImports, in a test variant (the package's test files are
	// analyzed with it), are the paths its non-test files import: the
	// packages it reaches for an interface's implementations
	// (importedWhere) start from those. Its test-only imports and the
	// types its test files (testFiles) declare are the tests' wiring,
	// not the program's, and resolve no interface call (pending.go).
	progImports map[string]bool
	// testFiles, in a test variant, are its _test.go files.
	testFiles map[*token.File]bool
	// pass imports the Hidden facts of the packages whose export data
	// hides an implementation, and hidden memoizes them (hidden.go).
	pass      *analysis.Pass
	hidden    map[*types.Package]*Hidden
	progReach map[*types.Package]bool // programReaches, memoized
	// strictProc: the package belongs to the main module (exec.go).
	strictProc bool
	// local: the package belongs to the main module or to another of the
	// program's own modules (analysisutil.SetLocalModules): it may leave
	// interface calls of those modules pending (pending.go).
	local bool
	// standIns are the methods with a StandIn fact (standin.go).
	standIns map[*types.Func]bool
	// impls memoizes implsBeside (iface.go), under implMu: the checks
	// may ask in parallel.
	implMu sync.Mutex
	impls  map[*types.Func][]*types.Func
	// tempFuncs memoizes which of the package's functions return a
	// temporary path, from their bodies (housekeeping.go), while run
	// computes the facts; nil afterwards.
	tempFuncs map[*types.Func]bool
	// tempResults are the functions of other packages with a TempResult
	// fact.
	tempResults map[*types.Func]bool
	// tempParams memoizes tempParam, while run computes the facts.
	tempParams map[tempParamKey]bool
	bodies     map[*types.Func]*funcInfo
	info       *types.Info
	// reqFuncs are the package's functions that take an SDK request
	// (args.go), kept for the checks: a helper that reads a tool-call
	// argument its caller's schema describes as the key. argReads
	// memoizes what they read, under argMu.
	reqFuncs map[*types.Func]*ast.FuncDecl
	argMu    sync.Mutex
	argReads map[*types.Func][]argRead
	// localMethods holds the names of the package's methods while run
	// computes the facts (funcInfo.ifaceCalls); nil afterwards.
	localMethods map[string]bool
	files        trailFiles // the fset's files by name, for Related
	// http holds the HTTP facts (http.go), httpFactPkgs the packages
	// declaring functions that have one, rpcPkg whether this package's
	// every request is a hard-coded POST.
	http         map[*types.Func]*HTTP
	httpFactPkgs map[*types.Package]bool
	rpcPkg       bool
	jsonRPC      bool // a function of the package makes a JSON-RPC envelope (rpcop.go)
	graphQL      bool // a function of the package makes a GraphQL request body (rpcop.go)
	// vocab: the package declares or imports a key name (vocab.go);
	// localVocab: a function body of the package has one.
	vocab, localVocab bool
	// vf is the value-flow engine of the package, which resolves the
	// methods of requests the shapes of http.go do not (flow.go).
	vf *valueflow.Result
	// fresh answers which values are made anew on every call (KeyMade).
	fresh *fresh.Result
	// noFlow: computeHTTP's first fixpoint, without the engine.
	noFlow bool
}

type methodKey struct {
	pkg  *types.Package
	name string
}

// FuncEffect returns the effect fn (a function, or a package-level
// variable holding one) commits, or nil.
func (r *Result) FuncEffect(obj types.Object) *Effect {
	return firm(r.funcEffect(obj))
}

// DestructiveEffect is FuncEffect for the handler of a tool annotated
// destructive: a POST read by design counts as the write it may be
// (Effect.Soft).
func (r *Result) DestructiveEffect(obj types.Object, ref LitRef, env *valueflow.Env) *Effect {
	return r.handlerFact(obj, ref, env).Hard()
}

func (r *Result) funcEffect(obj types.Object) *Effect {
	if fn, ok := obj.(*types.Func); ok {
		obj = fn.Origin()
	}
	return r.effects[obj]
}

// FuncKeyRead returns the key-read fact of fn, or nil.
func (r *Result) FuncKeyRead(obj types.Object) *KeyRead {
	if fn, ok := obj.(*types.Func); ok {
		obj = fn.Origin()
	}
	return r.keyReads[obj]
}

// IsStd reports whether pkg is part of the standard library.
func IsStd(pass *analysis.Pass) bool { return analysisutil.IsStd(pass) }

// Library reports whether pkg is library code that the built-in tables
// cover (analysisutil.Library).
func Library(pass *analysis.Pass) bool { return analysisutil.Library(pass) }

// InSDKModule reports whether path is a package of an SDK's module.
func InSDKModule(path string) bool { return analysisutil.InSDKModule(path) }

// SetNeeded restricts the effects of functions to the packages in set,
// for the analyses started after it, until it is called again (nil: every
// package). Outside set, a package that names no key (no Vocab fact of
// its own or its imports, no KeyRead fact imported, no key-valued literal
// in a body) is not walked for effects: it gets no Effect or HTTP facts,
// and it has no key reads to export anyway. A package that names a key is
// computed in full. Only a driver that knows every package of the build
// before it analyzes any may call it, with a set that holds every package
// on which a check can ask for effects and all their dependencies
// (mcpmodel.Needed): the standalone command.
func SetNeeded(set map[*types.Package]bool) { analysisutil.SetNeeded(set) }

// isNeeded reports whether the effects of pkg's functions may be asked
// for (SetNeeded).
func isNeeded(pkg *types.Package) bool { return analysisutil.IsNeeded(pkg) }

func run(pass *analysis.Pass) (any, error) {
	cfg := pass.ResultOf[config.Analyzer].(*config.Config)
	r := &Result{
		Config:   cfg,
		module:   modulePath(pass, cfg),
		pkg:      pass.Pkg,
		pass:     pass,
		effects:  make(map[types.Object]*Effect),
		keyReads: make(map[types.Object]*KeyRead),
		anchors:  make(map[types.Object]*Anchors),

		ifaceCache:   make(map[*types.Func]*Effect),
		http:         make(map[*types.Func]*HTTP),
		httpFactPkgs: make(map[*types.Package]bool),
	}
	r.vf, _ = pass.ResultOf[valueflow.Analyzer].(*valueflow.Result)
	r.fresh, _ = pass.ResultOf[fresh.Analyzer].(*fresh.Result)
	if cfg != nil {
		r.configPkgs = make(map[string]bool)
		for _, m := range []map[string]bool{cfg.Sinks, cfg.NonSinks} {
			for full := range m {
				r.configPkgs[pkgOfFullName(full)] = true
			}
		}
	}
	// Every package's declarations are looked at for key names (its
	// Vocab fact); the standard library declares none of the built-in
	// ones (TestStdVocab).
	if !IsStd(pass) || r.keys().Configured() {
		r.vocab = exportVocab(pass, r.keys())
	}
	// The standard library is covered by the built-in catalogue, and so
	// are the packages its rules describe (pgx, gorm, client-go, ...):
	// their own plumbing is not what their callers commit (pgx's BeginTx
	// sends "begin" through its own Exec). Telemetry and logging packages
	// commit nothing that matters.
	if Library(pass) || ruledPackage(pass.Pkg.Path()) || hasPrefix(neverEffect, pass.Pkg.Path()) || isCachePackage(pass.Pkg.Path(), r.module) || isLogPackage(pass.Pkg) {
		r.vocab = true // not looked at: the checks may not skip them
		return r, nil
	}
	for _, f := range pass.AllObjectFacts() {
		switch fact := f.Fact.(type) {
		case *Effect:
			r.effects[f.Object] = fact
		case *KeyRead:
			r.keyReads[f.Object] = fact
		case *Anchors:
			r.anchors[f.Object] = fact
		case *TempResult:
			if fn, ok := f.Object.(*types.Func); ok {
				if r.tempResults == nil {
					r.tempResults = make(map[*types.Func]bool)
				}
				r.tempResults[fn] = true
			}
		case *HTTP:
			if fn, ok := f.Object.(*types.Func); ok {
				r.http[fn] = fact
				r.httpFactPkgs[fn.Pkg()] = true
			}
		case *StandIn:
			if fn, ok := f.Object.(*types.Func); ok {
				if r.standIns == nil {
					r.standIns = make(map[*types.Func]bool)
				}
				r.standIns[fn] = true
			}
		}
	}
	r.vocab = r.vocab || r.importedVocab(pass) || varsVocab(pass.TypesInfo, pass.Files, r.keys())
	// Where no check can ask about the functions' effects (SetNeeded)
	// and no key is named, the facts would go unread and the result
	// has only KeyVocabulary to answer: a walk for key names in the
	// bodies decides it, as computeLocal's walk would.
	if !r.vocab && !isNeeded(pass.Pkg) && !funcsVocab(pass.TypesInfo, pass.Files, r.keys()) {
		return r, nil
	}
	r.strictProc = pass.Module == nil || pass.Module.Version == ""
	r.local = r.strictProc || analysisutil.InLocalModule(pass.Pkg.Path())
	if hasTestFiles(pass) {
		r.progImports, r.testFiles = programImports(pass)
	}
	r.exportStandIns(pass)
	r.never = make(map[*types.Func]bool)
	r.fullNames = make(map[*types.Func]string)
	r.fieldKeys = make(map[*types.Var]string)
	r.computeLocal(pass)
	r.exportHidden(pass)
	r.never, r.fullNames, r.fieldKeys = nil, nil, nil
	r.tempFuncs, r.tempParams, r.bodies, r.info, r.localMethods = nil, nil, nil, nil, nil
	// The interface answers given while the package's own effects were
	// being computed did not see them: let the checks ask again.
	r.ifaceCache, r.effectNames = make(map[*types.Func]*Effect), nil
	return r, nil
}

// modulePath returns the module of the package under analysis, or a guess
// from its import path when the driver does not say (nogo).
func modulePath(pass *analysis.Pass, cfg *config.Config) string {
	if pass.Module != nil && pass.Module.Path != "" {
		return pass.Module.Path
	}
	if cfg != nil && cfg.Module != "" {
		return cfg.Module
	}
	return guessModule(pass.Pkg.Path())
}

// guessModule returns the first three elements of a hosted path
// (github.com/org/repo) or the first element otherwise.
func guessModule(path string) string {
	parts := strings.Split(path, "/")
	if strings.Contains(parts[0], ".") && len(parts) >= 3 {
		return strings.Join(parts[:3], "/")
	}
	return parts[0]
}

// sameModule reports whether pkgPath belongs to module mod.
func sameModule(mod, pkgPath string) bool { return analysisutil.InModule(mod, pkgPath) }

type funcInfo struct {
	obj      types.Object
	body     *ast.BlockStmt
	effect   *Effect
	keyRead  string
	keyFrom  mask
	keyField string // Effect.KeyField
	// keyPos is where fi reads its key, effectEnd where the call that
	// commits its effect ends (its arguments are read before): a key read
	// after the effect (a response's request id) does not check it.
	keyPos, effectEnd token.Pos
	// keyMade is the fresh call whose value fi sends as a key (KeyMade),
	// and keyName that key's name; effectFrom is the same-package callee
	// whose effect fi's is (propagate), whose made key fi's calls make too.
	keyMade    *ast.CallExpr
	keyName    string
	effectFrom *funcInfo
	decl       *ast.FuncDecl
	flow       *flow      // the key data flow of body, made on first use (getFlow)
	callees    []calleeAt // same-package callees, in source order
	// ifaceCalls are the calls of interface methods named as a method of
	// this package, which may implement them (localIfaceRound).
	ifaceCalls []calleeAt
	scope      Scope // scanFunc's, which the callees point to
	// guardPos is where fi's guarded transition's guard is, guardLoad
	// the call that loads its entity: a read, whatever interface it
	// calls (guard.go).
	guardPos  token.Pos
	guardLoad *ast.CallExpr
}

// settle records on fi's effect whether fi reads a key, and from where.
func (fi *funcInfo) settle() {
	fi.effect.KeyChecked = fi.keyRead != "" && (fi.keyPos == token.NoPos || fi.effectEnd == token.NoPos || fi.keyPos < fi.effectEnd)
	fi.effect.KeyFrom = fi.keyFrom.indices()
	if fi.effect.KeyChecked {
		fi.effect.KeyField = fi.keyField
	}
}

// keyReadAt is where, for a caller, the callee fi reads its key in the
// call: at the call, or after it returns when fi reads it after its own
// effect (the answer's request id).
func (fi *funcInfo) keyReadAt(call *ast.CallExpr) token.Pos {
	if fi.effect != nil && fi.keyPos != token.NoPos && fi.effectEnd != token.NoPos && fi.keyPos >= fi.effectEnd {
		return call.End()
	}
	return call.Pos()
}

type calleeAt struct {
	obj  *types.Func
	pos  token.Pos
	call *ast.CallExpr
	sc   *Scope
}

// computeLocal computes the facts of this package's functions: first the
// direct effects, then a fixpoint over same-package calls.
func (r *Result) computeLocal(pass *analysis.Pass) {
	n := 0
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			if decl, ok := decl.(*ast.FuncDecl); ok && decl.Body != nil {
				n++
			}
		}
	}
	// One allocation for the infos; bodies indexes them by function.
	infos := make([]funcInfo, 0, n)
	funcs := make([]*funcInfo, 0, n)
	r.tempFuncs, r.bodies, r.info = make(map[*types.Func]bool), make(map[*types.Func]*funcInfo, n), pass.TypesInfo
	r.localMethods = make(map[string]bool)
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			switch decl := decl.(type) {
			case *ast.FuncDecl:
				if decl.Body == nil {
					continue
				}
				fn, _ := pass.TypesInfo.Defs[decl.Name].(*types.Func)
				if fn == nil {
					continue
				}
				if decl.Recv != nil {
					r.localMethods[fn.Name()] = true
				}
				if takesSDKRequest(pass.TypesInfo, decl) {
					if r.reqFuncs == nil {
						r.reqFuncs, r.argReads = make(map[*types.Func]*ast.FuncDecl), make(map[*types.Func][]argRead)
					}
					r.reqFuncs[fn] = decl
				}
				infos = append(infos, funcInfo{obj: fn, body: decl.Body, decl: decl})
				fi := &infos[len(infos)-1]
				funcs = append(funcs, fi)
				r.bodies[fn] = fi
			case *ast.GenDecl:
				r.aliasVars(pass, decl)
			}
		}
	}
	if r.httpOn(pass.Pkg.Imports()) {
		r.computeHTTP(pass.TypesInfo, funcs, func(obj types.Object, h *HTTP) { pass.ExportObjectFact(obj, h) })
	}
	sn := newScanner(r, pass)
	for _, fi := range funcs {
		r.scanFunc(sn, fi)
		if cacheLocal(fi, fi.effect) {
			fi.effect = nil // housekeeping: a cache's files and databases
		}
	}
	r.propagate(pass, funcs)
	// Interface calls implemented in this package (an oapi-codegen
	// client's ClientWithResponses calls its embedded ClientInterface,
	// implemented by *Client beside it): interfaceEffect sees the
	// package's own effects only once they are known, so these calls are
	// answered after the fixpoint, which then runs again.
	for round := 0; round < maxIfaceRounds && r.localIfaceRound(pass, funcs); round++ {
		r.propagate(pass, funcs)
	}
	for _, fi := range funcs {
		if fi.effect != nil {
			fi.settle()
			fi.effect.Asserted = analysisutil.DocAsserts(fi.decl.Doc, "idempotent")
			fi.effect.Args = r.argsRead(pass.TypesInfo, fi)
			// The callee's made key came with its effect (CallEffect, the
			// copy propagate makes); fi's own word replaces it.
			if mk := madeKey(pass, fi); mk != nil || fi.keyRead != "" {
				fi.effect.KeyMade = mk
			}
			r.effects[fi.obj] = fi.effect
		} else if fi.keyRead != "" {
			r.keyReads[fi.obj] = &KeyRead{Key: fi.keyRead, KeyFrom: fi.keyFrom.indices()}
		}
	}
	// Once every function's effect is known, a literal's calls of the
	// package's functions are judged by them (litEffects): forget the
	// answers given while they were not.
	r.never = make(map[*types.Func]bool)
	r.ifaceCache, r.effectNames = make(map[*types.Func]*Effect), nil
	lits := &litCache{r: r, pass: pass, done: make(map[*funcInfo][]LitEffect)}
	for _, fi := range funcs {
		if fi.effect != nil {
			if r.local && fi.obj.Exported() {
				fi.effect.Lits = lits.of(fi)
				fi.effect.Anchored = lits.anchored(fi)
			}
			pass.ExportObjectFact(fi.obj, fi.effect)
		} else if kr := r.keyReads[fi.obj]; kr != nil {
			pass.ExportObjectFact(fi.obj, kr)
		}
		if fn, ok := fi.obj.(*types.Func); ok && r.local && fn.Exported() && r.isTempFunc(fn) {
			pass.ExportObjectFact(fn, new(TempResult))
		}
		if r.local && fi.effect == nil && fi.obj.Exported() {
			an := &Anchors{Funcs: lits.anchored(fi)}
			if takesFunc(fi.obj) {
				if own := lits.of(fi); slices.ContainsFunc(own, LitEffect.calls) {
					an.Own = own
				}
			}
			if len(an.Funcs) > 0 || an.Own != nil {
				r.anchors[fi.obj] = an
				pass.ExportObjectFact(fi.obj, an)
			}
		}
	}
}

// maxIfaceRounds bounds the rounds of localIfaceRound: an interface
// implemented by a type whose method calls another interface of the
// package needs two.
const maxIfaceRounds = 3

// propagate propagates effects and key reads through same-package calls
// until nothing changes.
func (r *Result) propagate(pass *analysis.Pass, funcs []*funcInfo) {
	for changed := true; changed; {
		changed = false
		for _, fi := range funcs {
			if fi.keyRead == "" {
				for _, c := range fi.callees {
					if ce := r.bodies[c.obj]; ce != nil && ce.keyRead != "" {
						// A key made anew, even mixed with fi's parameters,
						// is fi's own (KeyMade), not its caller's.
						if made := fi.getFlow(r, pass.TypesInfo).freshArg(c.call, ce.keyFrom.indices()); made != nil {
							if fi.keyMade == nil {
								fi.keyMade, fi.keyName = made, ce.keyRead
							}
							continue
						}
						if m := fi.getFlow(r, pass.TypesInfo).keyArgsMask(c.call, ce.keyFrom.indices(), ce.keyField); m != 0 {
							f := fi.getFlow(r, pass.TypesInfo)
							fi.keyRead, fi.keyFrom, fi.keyPos, fi.keyField = ce.keyRead, m, ce.keyReadAt(c.call), f.passedField(c.call, ce.keyFrom.indices(), ce.keyField)
							changed = true
							break
						}
					}
				}
			}
			if topEffect(fi.effect) && !fi.effect.conditional() {
				continue
			}
			// The effect that matters most among the callees' (attribution).
			for _, c := range fi.callees {
				ce := r.bodies[c.obj]
				if ce != nil && ce.effect.Pending() && c.call == fi.guardLoad {
					continue // the entity's load (guard.go)
				}
				if ce != nil && ce.effect.Pending() && fi.effect.Pending() {
					// Both pending: the callee's calls come after fi's
					// own first (MoreIfaces), unless resolved here.
					if e := r.condCall(c.sc, c.call, c.obj, ce.effect); e.Pending() {
						if m := fi.effect.withPending(e); m != fi.effect {
							fi.effect, changed = m, true
						}
						continue
					}
				}
				if ce == nil || ce.effect == nil || !MoreSignificant(ce.effect, fi.effect) {
					continue
				}
				var e *Effect
				if ce.effect.conditional() {
					// The callee's command line or file is this call's arguments.
					if e = fi.guarded(c.call, r.condCall(c.sc, c.call, c.obj, ce.effect)); e == nil || !betterEffect(e, fi.effect) {
						continue
					}
				} else {
					cp := *ce.effect
					cp.Via, cp.KeyChecked, cp.Asserted = qualifiedName(c.obj), false, false
					if e = fi.guarded(c.call, cp.through(c.obj.Name())); e == nil || !betterEffect(e, fi.effect) {
						continue // converged by fi's guard
					}
					fi.effectFrom = ce
				}
				if cacheLocal(fi, e) {
					continue
				}
				e.Trail = trail(pass, c.pos, qualifiedName(c.obj), ce.effect.Trail)
				fi.effect, fi.effectEnd = e, c.call.End()
				if fi.keyPos == callPos(c.call) || fi.keyPos == c.call.Pos() {
					fi.keyPos = ce.keyReadAt(c.call) // the same call's: read in it, after its effect or not
				}
				changed = true
			}
		}
	}
}

// localIfaceRound answers the calls of interface methods that a method
// of this package may implement (funcInfo.ifaceCalls) from the effects
// known so far, and reports whether a function's effect changed.
func (r *Result) localIfaceRound(pass *analysis.Pass, funcs []*funcInfo) bool {
	pending := false
	for _, fi := range funcs {
		pending = pending || len(fi.ifaceCalls) > 0
	}
	if !pending {
		return false
	}
	for _, fi := range funcs {
		if fi.effect != nil {
			fi.settle()
			r.effects[fi.obj] = fi.effect
		}
	}
	r.ifaceCache, r.effectNames = make(map[*types.Func]*Effect), nil
	changed := false
	for _, fi := range funcs {
		for _, c := range fi.ifaceCalls {
			if topEffect(fi.effect) && !fi.effect.conditional() {
				break
			}
			e := r.interfaceEffect(c.obj)
			if e != nil && e.conditional() {
				trail := e.Trail
				if e = r.condCall(c.sc, c.call, c.obj, e); e != nil {
					e.Trail = trail
				}
			}
			if e == nil || cacheLocal(fi, e) || !betterEffect(e, fi.effect) {
				continue
			}
			fi.effect, fi.effectEnd = e.at(pass, c.call), c.call.End()
			changed = true
		}
	}
	return changed
}

// aliasVars gives package-level variables initialized with an effectful
// function (var writeFile = os.WriteFile) the effect of that function.
func (r *Result) aliasVars(pass *analysis.Pass, decl *ast.GenDecl) {
	if decl.Tok != token.VAR {
		return
	}
	for _, spec := range decl.Specs {
		vs := spec.(*ast.ValueSpec)
		if len(vs.Values) != len(vs.Names) {
			continue
		}
		for i, name := range vs.Names {
			obj := pass.TypesInfo.Defs[name]
			fn := funcValue(pass.TypesInfo, vs.Values[i])
			if obj == nil || fn == nil {
				continue
			}
			if e := r.funcSink(fn); e != nil {
				r.effects[obj] = e
				pass.ExportObjectFact(obj, e)
			}
		}
	}
}

// funcValue returns the function an expression such as os.WriteFile or
// pkg.Func refers to, when it is a plain reference and not a call.
func funcValue(info *types.Info, e ast.Expr) *types.Func {
	var id *ast.Ident
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		id = e
	case *ast.SelectorExpr:
		id = e.Sel
	default:
		return nil
	}
	fn, _ := info.Uses[id].(*types.Func)
	return fn
}

// funcSink returns the effect of referring to fn as a value: catalogue
// entries without argument checks, and facts.
func (r *Result) funcSink(fn *types.Func) *Effect {
	fn = fn.Origin()
	if s, ok := stdSinks[fn.FullName()]; ok && s.kind != "" && s.check == nil {
		return &Effect{Sink: fn.FullName(), Kind: s.kind, Idempotent: s.idem}
	}
	if s, ok := stdSinks[fn.FullName()]; ok && s.kind == kindFile {
		// os.WriteFile and friends: effects whenever the path is not
		// known to be temporary, which a value reference cannot tell.
		return &Effect{Sink: fn.FullName(), Kind: s.kind, Idempotent: s.idem}
	}
	return r.effects[fn]
}

// scanFunc finds fi's first direct effect (the first that is not
// idempotent by nature, if any), whether it reads a key, and its
// same-package callees. s is reused from one function of the package to
// the next (one walk function per package, not a closure per function).
func (r *Result) scanFunc(s *scanner, fi *funcInfo) {
	sc := &fi.scope // kept with fi: one allocation fewer per function
	sc.initFunc(s.info, fi)
	sc.r = r
	// A guarded transition: what follows the guard converges, and the
	// call that loads the entity is a read (guard.go).
	if g := r.stateGuard(s.info, fi); g != nil {
		fi.guardPos, fi.guardLoad = g.pos, g.load
	}
	// keys: look for key reads in this walk. In a package that names no
	// key (vocab.go) the walk only looks for a key name in the body
	// (local), and keyWalk looks for the reads if it finds one.
	s.fi, s.sc, s.skip, s.keys, s.local = fi, sc, nil, r.vocab, false
	if s.keys {
		analysisutil.Inspect(fi.body, s.visit)
	} else {
		analysisutil.InspectNoIdents(fi.body, s.visit) // node ignores them
	}
	if s.local {
		r.localVocab = true
		r.keyWalk(s.info, fi)
	}
	s.fi, s.sc, s.skip = nil, nil, nil
}

// scanner is the state of scanFunc's walk of one function body.
type scanner struct {
	r     *Result
	pass  *analysis.Pass
	info  *types.Info
	m     *names.Matcher
	visit func(ast.Node) bool // s.node, made once

	fi          *funcInfo
	sc          *Scope
	skip        ast.Node // see keyAt
	keys, local bool
}

// onceCall reports whether obj runs the function it is given at most
// once a process: (*sync.Once).Do, sync.OnceFunc, OnceValue, OnceValues.
func onceCall(obj types.Object) bool {
	fn, ok := obj.(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "sync" {
		return false
	}
	switch fn.Name() {
	case "OnceFunc", "OnceValue", "OnceValues":
		return true
	case "Do":
		return fn.FullName() == "(*sync.Once).Do"
	}
	return false
}

func newScanner(r *Result, pass *analysis.Pass) *scanner {
	s := &scanner{r: r, pass: pass, info: pass.TypesInfo, m: r.keys()}
	s.visit = s.node
	return s
}

func (s *scanner) node(n ast.Node) bool {
	r, fi, info := s.r, s.fi, s.info
	call, ok := n.(*ast.CallExpr)
	if !ok {
		if !s.keys && !s.local {
			switch n.(type) {
			case *ast.BasicLit, *ast.BinaryExpr, *ast.ArrayType, *ast.MapType, *ast.ChanType, *ast.FuncType, *ast.StructType, *ast.InterfaceType:
				s.local = bodyVocab(info, n, s.m) // the only nodes it looks at
			}
		}
		if analysisutil.TypeSyntax(n) {
			return false // a func literal's signature, a literal's type
		}
		if s.keys {
			fi.keyAt(r, info, n, nil, &s.skip)
		}
		return true
	}
	obj := typeutil.Callee(info, call) // once: the key read, the effect and the callee need it
	if onceCall(obj) {
		// Lazy set-up (b.once.Do(func() { ... open the index ... })):
		// run once a process, not again by a retried call.
		return false
	}
	if s.keys {
		fi.keyAt(r, info, call, obj, &s.skip)
	}
	if v, ok := obj.(*types.Var); ok {
		if fn := r.callValue(s.sc, call, v); fn != nil {
			obj = fn // a method value held in a local: the method
		}
	}
	if !topEffect(fi.effect) || fi.effect.conditional() {
		if e := fi.guarded(call, r.callEffect(s.sc, call, obj)); e != nil && !(e.Pending() && call == fi.guardLoad) {
			if betterEffect(e, fi.effect) {
				fi.effect, fi.effectEnd = e.at(s.pass, call), call.End()
			} else if e.Pending() && fi.effect.Pending() {
				fi.effect = fi.effect.withPending(e)
			}
			if !e.Soft() {
				return true
			}
		}
	}
	if fn, ok := obj.(*types.Func); ok {
		fn = fn.Origin()
		// A call of an HTTP send function is judged at the call,
		// from its arguments (httpEffect), not through the callee.
		if h := r.httpOf(fn); h != nil && !h.Read {
			return true
		}
		if _, ok := r.bodies[fn]; ok && types.Object(fn) != fi.obj {
			fi.callees = append(fi.callees, calleeAt{fn, callPos(call), call, s.sc})
		} else if r.localMethods[fn.Name()] && fn.Pkg() != nil && isIfaceMethod(fn) && !isStdPath(fn.Pkg().Path()) {
			fi.ifaceCalls = append(fi.ifaceCalls, calleeAt{fn, callPos(call), call, s.sc})
		}
	}
	return true
}

// keyWalk finds fi's first key read: scanFunc's key part, for a function
// scanFunc walked without looking for them.
func (r *Result) keyWalk(info *types.Info, fi *funcInfo) {
	var skip ast.Node
	analysisutil.Inspect(fi.body, func(n ast.Node) bool {
		if fi.keyRead != "" || analysisutil.TypeSyntax(n) {
			return false
		}
		var obj types.Object
		if call, ok := n.(*ast.CallExpr); ok {
			obj = typeutil.Callee(info, call)
		}
		fi.keyAt(r, info, n, obj, &skip)
		return true
	})
}

// keyAt is the key part of a preorder walk of fi's body at n, with obj
// n's callee when n is a call: it records the first key read. skip holds
// the callee expression of the last call that names a function or method
// (no field, so no key read; the walk visits it next).
func (fi *funcInfo) keyAt(r *Result, info *types.Info, n ast.Node, obj types.Object, skip *ast.Node) {
	if call, ok := n.(*ast.CallExpr); ok {
		if _, isFunc := obj.(*types.Func); isFunc {
			*skip = ast.Unparen(call.Fun)
		}
		if fi.keyRead == "" {
			fi.noteKey(r, info, call, obj)
		}
		return
	}
	if n != nil && n != *skip && fi.keyRead == "" {
		fi.noteKey(r, info, n, nil)
	}
}

// qualifiedName renders a function for messages: "store.Append",
// "(*store.Ledger).Append".
func qualifiedName(obj types.Object) string {
	fn, ok := obj.(*types.Func)
	if !ok {
		if obj.Pkg() != nil {
			return obj.Pkg().Name() + "." + obj.Name()
		}
		return obj.Name()
	}
	if recv := recvName(fn); recv != "" {
		sig := fn.Type().(*types.Signature)
		if _, ptr := sig.Recv().Type().(*types.Pointer); ptr {
			return "(*" + fn.Pkg().Name() + "." + recv + ")." + fn.Name()
		}
		return fn.Pkg().Name() + "." + recv + "." + fn.Name()
	}
	if fn.Pkg() == nil {
		return fn.Name()
	}
	return fn.Pkg().Name() + "." + fn.Name()
}

// QualifiedName is qualifiedName for the checks' messages.
func QualifiedName(obj types.Object) string { return qualifiedName(obj) }

// CallEffect returns the effect the call commits, judged by the catalogue,
// the configured sinks and the facts, or nil. sc gives the enclosing
// function's local definitions (for the method of an HTTP request, the
// flags of a file); it must not be nil.
func (r *Result) CallEffect(sc *Scope, call *ast.CallExpr) *Effect {
	return firm(r.callEffect(sc, call, typeutil.Callee(sc.info, call)))
}

// callEffect is CallEffect for the call's callee obj (typeutil.Callee).
func (r *Result) callEffect(sc *Scope, call *ast.CallExpr, obj types.Object) *Effect {
	if obj == nil {
		return nil
	}
	if v, ok := obj.(*types.Var); ok {
		// A package-level alias of an effectful function.
		if e := r.effects[v]; e != nil {
			return &Effect{Sink: e.Sink, Kind: e.Kind, Idempotent: e.Idempotent, Via: qualifiedName(v), Trail: e.Trail, Method: e.Method, RPC: e.RPC, Mutation: e.Mutation, Repeats: e.Repeats}
		}
		// A function value of the tool's row (sp.Run(name) in a literal
		// made per row of a table, Scope.Bind): the one function the
		// row holds.
		if fn := r.boundFunc(sc, call); fn != nil {
			return r.callEffect(sc, call, fn)
		}
		return nil
	}
	fn, ok := obj.(*types.Func)
	if !ok {
		return nil
	}
	fn = fn.Origin()
	if r.never[fn] {
		return nil
	}
	var full string // the key of the tables, "" when no table names fn's package
	if fn.Pkg() == nil || tablePkgs()[fn.Pkg().Path()] || r.configPkgs[fn.Pkg().Path()] {
		full = r.fullName(fn)
	}
	if knownReads[full] || (fn.Pkg() != nil && hasPrefix(neverEffect, fn.Pkg().Path())) {
		r.markNever(fn)
		return nil
	}
	if r.Config != nil {
		if r.Config.NonSinks[full] {
			r.markNever(fn)
			return nil
		}
		if r.Config.Sinks[full] {
			return &Effect{Sink: full, Kind: kindUser}
		}
	}
	s := &site{sc: sc, call: call, fn: fn}
	if e, ok := r.condEffect(s, full); ok {
		return e
	}
	// The catalogue's rules override what the facts inferred from the
	// callee's body (go-github's documented semantics).
	if fn.Pkg() != nil {
		if e, ok := kiotaEffect(fn); ok {
			if e == nil {
				r.markNever(fn)
			}
			return e
		}
		if e, ok := pkgRuleEffect(s); ok {
			return e
		}
	}
	// HTTP requests, with the method as a value (http.go).
	if e, ok := r.httpEffect(s); ok {
		return e
	}
	if e, ok := stdSinks[full]; ok {
		return s.apply(full, e.kind, e.idem, e.check)
	}
	if fn.Pkg() == nil {
		r.markNever(fn)
		return nil
	}
	if e := r.effects[fn]; e != nil {
		if e.conditional() {
			c := r.condCall(sc, call, fn, e)
			if c != nil && e.Iface == "" {
				c.Trail = e.Trail // a pending call's says its own (pendingCall)
			}
			return c
		}
		c := e.calledVia(fn)
		if c.Idempotent {
			switch adds, p := r.batchAdds(s); {
			case adds:
				c.Idempotent, c.Repeats = false, true
			case p >= 0:
				c.Batch = p + 1
			}
		}
		return c
	}
	// SQL through an interface of one's own (sqlc's DBTX): a method named
	// Exec or ExecContext that returns database/sql.Result. It is said
	// before an implementation is looked for when none is in sight (the
	// *sql.DB or *sql.Conn the program keeps in a field of that type).
	sqlExec := (fn.Name() == "ExecContext" || fn.Name() == "Exec") && returnsSQLResult(fn)
	// So is a query through it (QueryRowContext returning *sql.Row,
	// QueryContext *sql.Rows), judged by its statement below: an INSERT
	// ... RETURNING writes, a SELECT reads.
	sqlQueryCall := (fn.Name() == "QueryRowContext" || fn.Name() == "QueryContext") && returnsSQLRows(fn)
	if e := r.interfaceEffect(fn); e != nil && !((sqlExec || sqlQueryCall) && e.Pending()) {
		if e.conditional() {
			c := r.condCall(sc, call, fn, e)
			if c != nil && e.Iface == "" {
				c.Trail = e.Trail // a pending call's says its own (pendingCall)
			}
			return c
		}
		return e
	}
	path := fn.Pkg().Path()
	if strings.HasPrefix(path, "database/sql") {
		r.markNever(fn)
		return nil
	}
	if sqlExec {
		return s.apply(qualifiedName(fn), kindSQL, false, sqlArg(argIndexAfterCtx(fn)))
	}
	if (fn.Name() == "QueryRowContext" || fn.Name() == "QueryContext") && hasRecv(fn) {
		return s.apply(qualifiedName(fn), kindSQL, false, sqlQuery(1))
	}
	e := r.remoteVerb(s) // by name and signature only
	if e == nil {
		r.markNever(fn)
	}
	return e
}

// pkgRuleEffect applies the catalogue's package rules to the call; ok
// reports that a rule matched, whose answer is e.
// A site without a call (ruleOnlyEffect: the method an interface call
// resolves to) is judged only by the rules whose check reads the method
// alone (fnOnly).
func pkgRuleEffect(s *site) (e *Effect, ok bool) {
	fn := s.fn
	for _, rule := range rulesFor(fn.Pkg().Path()) {
		if s.call == nil && rule.check != nil && !rule.fnOnly {
			continue
		}
		if rule.all {
			return s.apply(qualifiedName(fn), rule.kind, false, rule.check), true
		}
		recv := recvName(fn)
		if idem, ok := rule.names[recv+"."+fn.Name()]; ok && recv != "" {
			e := s.apply(qualifiedName(fn), rule.kind, idem, rule.check)
			if e != nil {
				e.RPC = rule.rpc
			}
			return e, true
		}
		if idem, ok := rule.names[fn.Name()]; ok {
			return s.apply(qualifiedName(fn), rule.kind, idem, rule.check), true
		}
		if rule.verbs != nil && rule.verbs[Verb(fn.Name())] && !DryRunName(fn.Name()) {
			return s.apply(qualifiedName(fn), rule.kind, false, rule.check), true
		}
		if rule.only {
			return nil, true
		}
	}
	return nil, false
}

// tablePkgs are the packages of the functions the catalogue names
// (stdSinks, knownReads): callEffect builds the full name, the tables'
// key, only for functions of these packages. Computed on first use, after
// the init functions that add to the tables.
var tablePkgs = sync.OnceValue(func() map[string]bool {
	m := make(map[string]bool)
	for full := range stdSinks {
		m[pkgOfFullName(full)] = true
	}
	for full := range knownReads {
		m[pkgOfFullName(full)] = true
	}
	return m
})

// pkgOfFullName returns the package path of a function's full name:
// "net/http" for "(*net/http.Client).Do" and "os" for "os.WriteFile".
func pkgOfFullName(full string) string {
	if strings.HasPrefix(full, "(") {
		if i := strings.IndexByte(full, ')'); i > 0 {
			full = strings.TrimPrefix(full[1:i], "*")
		}
	}
	if i := strings.LastIndexByte(full, '.'); i > 0 {
		return full[:i]
	}
	return full
}

// fullName returns fn.FullName(), memoized while run computes the facts.
func (r *Result) fullName(fn *types.Func) string {
	if r.fullNames == nil {
		return fn.FullName()
	}
	s, ok := r.fullNames[fn]
	if !ok {
		s = fn.FullName()
		r.fullNames[fn] = s
	}
	return s
}

// markNever records that fn commits no effect whatever its arguments,
// while run computes the facts (the map is nil afterwards).
func (r *Result) markNever(fn *types.Func) {
	if r.never != nil {
		r.never[fn] = true
	}
}

// remoteVerb applies the generic rule documented at remoteVerbs.
func (r *Result) remoteVerb(s *site) *Effect {
	fn := s.fn
	w := Verb(fn.Name())
	if !remoteVerbs[w] || !hasRecv(fn) || !firstParamIsContext(fn) || DryRunName(fn.Name()) {
		return nil
	}
	if h := r.http[fn]; h != nil && h.Read {
		return nil // its body sends HTTP reads only: the name is not evidence
	}
	if transportVerbs[w] && readTails[lastWord(fn.Name())] {
		// A generated client's method named by its HTTP method and
		// path: PostProjectSearch is POST /project/search, a read.
		return nil
	}
	path := fn.Pkg().Path()
	if isStdPath(path) || sameModule(r.module, path) {
		return nil
	}
	for _, p := range notRemote {
		if strings.HasPrefix(path, p) {
			return nil
		}
	}
	return &Effect{Sink: qualifiedName(fn), Kind: kindRemote, Idempotent: remoteIdem[w]}
}

// ruledPackage reports whether a rule of the catalogue (pkgRules) names
// the package at path: the rule, a library's documented semantics, is
// what its functions commit, not what inference from its source says.
func ruledPackage(path string) bool {
	if httpPkgs[path] && path != "net/http" {
		// The HTTP libraries httpEffect classifies by their API (resty's
		// Request.Post, go-openapi's Submit, go-retryablehttp): their
		// bodies would only re-derive, less precisely, what the table says.
		return true
	}
	return len(rulesFor(path)) > 0
}

// ruleCache maps a package path to the rules of pkgRules that name it
// (rulesFor), for every path asked about in the process: the rules are
// fixed once the init functions have run, and pkgRuleEffect asks for the
// package of nearly every call.
var ruleCache sync.Map // string -> []*pkgRule

// rulesFor returns the rules of pkgRules whose paths match the package at
// path, in their order.
func rulesFor(path string) []*pkgRule {
	if v, ok := ruleCache.Load(path); ok {
		return v.([]*pkgRule)
	}
	var rules []*pkgRule
	for i := range pkgRules {
		if matchPath(pkgRules[i].paths, path) {
			rules = append(rules, &pkgRules[i])
		}
	}
	ruleCache.Store(path, rules)
	return rules
}

// isCachePackage reports whether a package is a cache by its path (gopls's
// filecache, diskcache, httpcache, internal/cache, pkg/cacheutil): what a
// cache writes can be thrown away and rebuilt, so repeating it is no
// duplicate. Within module mod, any element of the package's own path
// naming a cache counts; the module's root only when its last element
// ends in "cache" (a server module named mcp-cachet is not a cache).
func isCachePackage(path, mod string) bool {
	last := strings.ToLower(path[strings.LastIndexByte(path, '/')+1:])
	if strings.HasSuffix(last, "cache") {
		return true
	}
	if rel, ok := strings.CutPrefix(path, mod+"/"); ok && sameModule(mod, path) {
		return strings.Contains(strings.ToLower(rel), "cache")
	}
	return false
}

func hasPrefix(prefixes []string, path string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(path, p) {
			return true
		}
	}
	return false
}

func isStdPath(path string) bool { return analysisutil.StdPath(path) }

func matchPath(paths []string, path string) bool {
	for _, p := range paths {
		if p == path {
			return true
		}
		if prefix, ok := strings.CutSuffix(p, "/..."); ok && (path == prefix || strings.HasPrefix(path, prefix+"/")) {
			return true
		}
	}
	return false
}

// isIfaceMethod reports whether fn is a method of an interface.
func isIfaceMethod(fn *types.Func) bool {
	sig, _ := fn.Type().(*types.Signature)
	return sig != nil && sig.Recv() != nil && types.IsInterface(sig.Recv().Type())
}

func hasRecv(fn *types.Func) bool {
	sig, _ := fn.Type().(*types.Signature)
	return sig != nil && sig.Recv() != nil
}

func firstParamIsContext(fn *types.Func) bool {
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Params().Len() == 0 {
		return false
	}
	return isContext(sig.Params().At(0).Type())
}

func isContext(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context"
}

func argIndexAfterCtx(fn *types.Func) int {
	if firstParamIsContext(fn) {
		return 1
	}
	return 0
}

func returnsSQLResult(fn *types.Func) bool {
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Results().Len() == 0 {
		return false
	}
	t := sig.Results().At(0).Type()
	if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil {
		p, name := n.Obj().Pkg().Path(), n.Obj().Name()
		return (p == "database/sql" && name == "Result") || (strings.HasPrefix(p, "github.com/jackc/pgx") && name == "CommandTag")
	}
	return false
}

// returnsSQLRows reports whether fn's first result is database/sql's
// Row or Rows (a pointer to one).
func returnsSQLRows(fn *types.Func) bool {
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Results().Len() == 0 {
		return false
	}
	t := sig.Results().At(0).Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "database/sql" && (n.Obj().Name() == "Row" || n.Obj().Name() == "Rows")
}

// ---- call sites ----

// site is one call being classified.
type site struct {
	sc   *Scope
	call *ast.CallExpr
	fn   *types.Func
	// file is set by a check whose verdict depends on the path in a
	// parameter of the enclosing function (pathCond): the 1-based
	// parameter, which each call site judges (Effect.File).
	file int
	// rest is set by restVerb when the request sent is a parameter of
	// the enclosing function: the 1-based parameter (Effect.Rest).
	rest int
	// sql is set by sqlArg when the statement executed is a parameter
	// of the enclosing function: the 1-based parameter (Effect.SQL).
	sql int
	// op is set by comCall when the COM method called is a parameter of
	// the enclosing function: the 1-based parameter (Effect.Op).
	op int
	// unless is set by a check whose effect a bool parameter of the
	// enclosing function (or its field unlessField) prevents when true
	// (Effect.Unless).
	unless      int
	unlessField string
	// fetch is set by imapFetchV1 when the FETCH items are a parameter
	// of the enclosing function: the 1-based parameter (Effect.Fetch).
	fetch int
}

func (s *site) apply(name, kind string, idem bool, check func(*site) (bool, bool)) *Effect {
	if check != nil {
		var ok bool
		ok, idem = check(s)
		if !ok {
			return nil
		}
		if kind == "" {
			kind = kindSQL
		}
	}
	return &Effect{Sink: name, Kind: kind, Idempotent: idem, File: s.file, Rest: s.rest, SQL: s.sql, Op: s.op, Unless: s.unless, UnlessField: s.unlessField, Fetch: s.fetch}
}

func (s *site) arg(i int) ast.Expr {
	if i < len(s.call.Args) {
		return s.call.Args[i]
	}
	return nil
}

func (s *site) constValue(i int) constant.Value {
	a := s.arg(i)
	if a == nil {
		return nil
	}
	if tv, ok := s.sc.info.Types[a]; ok && tv.Value != nil {
		return tv.Value
	}
	// A local variable assigned once from a constant.
	if id, ok := ast.Unparen(a).(*ast.Ident); ok {
		if d, ok := s.sc.single(id); ok {
			if tv, ok := s.sc.info.Types[d]; ok {
				return tv.Value
			}
		}
	}
	return nil
}

// constInt is constValue for an integer (os.OpenFile's flags), or else
// the one integer constant the value-flow engine finds the argument
// holds (flags a constructor returns, kept in a field or an options
// struct).
func (s *site) constInt(i int) (int64, bool) {
	if n, ok := constInt(s.constValue(i)); ok {
		return n, true
	}
	a := s.arg(i)
	if a == nil || s.sc.r == nil || s.sc.r.vf == nil {
		return 0, false
	}
	var one constant.Value
	for _, v := range s.sc.r.vf.Eval(a, nil).Each() {
		if v.Kind != valueflow.Const || v.Const == nil || v.Const.Kind() != constant.Int || one != nil && !constant.Compare(one, token.EQL, v.Const) {
			return 0, false
		}
		one = v.Const
	}
	return constInt(one)
}

func (s *site) constString(i int) (string, bool) {
	v := s.constValue(i)
	if v == nil || v.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(v), true
}

// sqlLead returns the constant text a statement built at run time starts
// with, up to its first verb or operand: the format of fmt.Sprintf, the
// left operand of a concatenation. It is a whole first word or not ok.
func (s *site) sqlLead(i int) (string, bool) {
	e := s.arg(i)
	for depth := 0; e != nil && depth < 4; depth++ {
		e = ast.Unparen(e)
		if id, ok := e.(*ast.Ident); ok {
			d, ok := s.sc.single(id)
			if !ok {
				return "", false
			}
			e = d
			continue
		}
		switch x := e.(type) {
		case *ast.BinaryExpr:
			if x.Op != token.ADD {
				return "", false
			}
			e = x.X
			if tv, ok := s.sc.info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
				return wholeLead(constant.StringVal(tv.Value))
			}
			continue
		case *ast.CallExpr:
			fn, _ := typeutil.Callee(s.sc.info, x).(*types.Func)
			if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "fmt" || fn.Name() != "Sprintf" || len(x.Args) == 0 {
				return "", false
			}
			tv, ok := s.sc.info.Types[x.Args[0]]
			if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
				return "", false
			}
			format := constant.StringVal(tv.Value)
			if j := strings.IndexByte(format, '%'); j >= 0 {
				format = format[:j]
			}
			return wholeLead(format)
		}
		return "", false
	}
	return "", false
}

// sqlLeads returns, where the syntax does not say (sqlLead), the texts
// the statement e can hold by the value-flow engine: each a whole
// constant, or the constant start of a fmt.Sprintf with the constant
// arguments before the first other one rendered ("CALL %s(%s)" given
// "DOLT_CHECKOUT": "CALL DOLT_CHECKOUT("). ok is false when one of them
// is not known.
func (s *site) sqlLeads(e ast.Expr) ([]string, bool) {
	if e == nil || s.sc.r == nil || s.sc.r.vf == nil {
		return nil, false
	}
	var out []string
	val := s.sc.r.vf.Implemented(s.sc.r.vf.Eval(e, s.sc.env))
	for _, a := range val.Each() {
		if str, ok := a.String1(); ok {
			if str == "" {
				continue // no statement: nothing is run (UseDatabase of a dialect without databases)
			}
			out = append(out, str)
			continue
		}
		fn, _ := a.Obj.(*types.Func)
		if a.Kind != valueflow.Call || fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "fmt" || fn.Name() != "Sprintf" || len(a.Args) == 0 {
			return nil, false
		}
		format, ok := a.Args[0].String1()
		if !ok {
			return nil, false
		}
		lead, ok := renderLead(format, a.Args[1:])
		if !ok {
			return nil, false
		}
		out = append(out, lead)
	}
	return out, len(out) > 0
}

// renderLead renders format with the constant string arguments before
// the first one that is not, and stops there: the constant start of the
// text. It is a whole first word or not ok.
func renderLead(format string, args []*valueflow.Value) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' {
			b.WriteByte(c)
			continue
		}
		if i+1 < len(format) && format[i+1] == '%' {
			b.WriteByte('%')
			i++
			continue
		}
		if i+1 >= len(format) || format[i+1] != 's' || len(args) == 0 {
			break
		}
		alts := args[0].Each()
		if len(alts) != 1 {
			break
		}
		arg, ok := alts[0].String1()
		if !ok {
			break
		}
		b.WriteString(arg)
		args = args[1:]
		i++
	}
	return wholeLead(b.String())
}

// wholeLead returns lead when its first word is whole (a separator
// follows it), after comments.
func wholeLead(lead string) (string, bool) {
	t := strings.TrimLeftFunc(sqlComment.ReplaceAllString(lead, ""), unicode.IsSpace)
	return lead, t != "" && strings.ContainsAny(t, " \t\n\r(;")
}

func (s *site) argIsTemp(i int) bool {
	a := s.arg(i)
	return a != nil && s.sc.mentionsTemp(a)
}

func (s *site) recvExpr() ast.Expr {
	if sel, ok := ast.Unparen(s.call.Fun).(*ast.SelectorExpr); ok {
		return sel.X
	}
	return nil
}

func (s *site) recvIsTemp() bool {
	x := s.recvExpr()
	return x != nil && s.sc.mentionsTemp(x)
}

// recvIsStdStream reports whether the receiver is os.Stdout or os.Stderr:
// writing there is output, not an effect.
func (s *site) recvIsStdStream() bool {
	x := s.recvExpr()
	if x == nil {
		return false
	}
	if id, ok := ast.Unparen(x).(*ast.Ident); ok {
		if d, ok := s.sc.single(id); ok {
			x = d
		}
	}
	sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	v, ok := s.sc.info.Uses[sel.Sel].(*types.Var)
	return ok && v.Pkg() != nil && v.Pkg().Path() == "os" && (v.Name() == "Stdout" || v.Name() == "Stderr")
}

// ---- scopes ----

// Scope holds the local definitions of one function body: enough to
// resolve a request's method or a file's flags without SSA.
type Scope struct {
	info  *types.Info
	body  ast.Node
	built bool // the maps below are filled on first use: most functions never need them
	// perRow is set while a method is resolved from a table's row in a
	// literal the loop over it makes (asRow).
	perRow bool
	// env binds, for a handler literal made in a loop over a table, the
	// variables it captures to one tool's row (mcpmodel.Func.Env): the
	// engine evaluates the literal's values under it.
	env *valueflow.Env

	fname string           // the declared function's name, "" for a handler literal
	sig   *types.Signature // the declared function's signature, nil for a handler literal
	fn    *types.Func      // the declared function, nil for a handler literal
	r     *Result          // the package's temp-returning functions (housekeeping.go), nil in the checks' scopes

	defs         map[*types.Var][]def
	methodAssign map[*types.Var]ast.Expr // req.Method = X
	temp         map[*types.Var]bool     // vars holding temporary paths or files
}

type def struct {
	rhs ast.Expr
	idx int // index into a tuple-valued rhs, or -1
}

// NewScope returns the scope of body, whose assignments (nested function
// literals included) are indexed when first asked about.
func NewScope(info *types.Info, body ast.Node) *Scope {
	return &Scope{info: info, body: body}
}

// NewScope is the package-level NewScope whose judgements also ask the
// value-flow engine where the syntax stops (a command word or an HTTP
// method a helper returns): the scope for the checks' own walks.
func (r *Result) NewScope(info *types.Info, body ast.Node) *Scope {
	sc := NewScope(info, body)
	if r != nil && r.vf != nil {
		sc.r = r
	}
	return sc
}

// Bind makes the scope's values those of one instance of a handler
// literal: env binds the variables it captures (mcpmodel.Func.Env).
func (sc *Scope) Bind(env *valueflow.Env) *Scope {
	sc.env = env
	return sc
}

// build indexes the assignments of the scope's body, once.
func (sc *Scope) build() {
	if sc.built {
		return
	}
	sc.built = true
	sc.defs = make(map[*types.Var][]def)
	sc.methodAssign = make(map[*types.Var]ast.Expr)
	sc.temp = make(map[*types.Var]bool)
	if sc.body == nil {
		return
	}
	add := func(lhs ast.Expr, rhs ast.Expr, idx int) {
		rhs = sc.inlined(rhs) // what a literal a helper runs returns
		if star, ok := ast.Unparen(lhs).(*ast.StarExpr); ok {
			// *f, err = os.CreateTemp(...): what f points to is a
			// temporary file, written through (*f).Write.
			if id, ok := ast.Unparen(star.X).(*ast.Ident); ok {
				if v, ok := sc.obj(id).(*types.Var); ok && (sc.isTemp(rhs) || sc.mentionsTemp(rhs)) {
					sc.temp[v] = true
				}
			}
			return
		}
		id, ok := ast.Unparen(lhs).(*ast.Ident)
		if !ok {
			if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok && sel.Sel.Name == "Method" {
				if x, ok := ast.Unparen(sel.X).(*ast.Ident); ok {
					if v, ok := sc.obj(x).(*types.Var); ok {
						sc.methodAssign[v] = rhs
					}
				}
			}
			return
		}
		v, ok := sc.obj(id).(*types.Var)
		if !ok {
			return
		}
		sc.defs[v] = append(sc.defs[v], def{rhs, idx})
		if sc.isTemp(rhs) || sc.mentionsTemp(rhs) {
			sc.temp[v] = true
		}
	}
	analysisutil.EachAssign(sc.body, add)
	if sc.walkedTemp() {
		// What the walk's callback stores from its path is under the
		// root too (found = path).
		analysisutil.EachAssign(sc.body, func(lhs, rhs ast.Expr, _ int) {
			if id, ok := ast.Unparen(lhs).(*ast.Ident); ok {
				if v, ok := sc.obj(id).(*types.Var); ok && !sc.temp[v] && sc.mentionsTemp(rhs) {
					sc.temp[v] = true
				}
			}
		})
	}
}

// walkedTemp marks the path parameter of a literal callback of
// filepath.Walk or WalkDir over a temporary or cache root: every path it
// is given is under that root.
func (sc *Scope) walkedTemp() bool {
	marked := false
	analysisutil.Inspect(sc.body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) != 2 {
			return true
		}
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); !ok || sel.Sel.Name != "Walk" && sel.Sel.Name != "WalkDir" {
			return true // the name first: most calls are not walks
		}
		fn, _ := typeutil.Callee(sc.info, call).(*types.Func)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "path/filepath" || fn.Name() != "Walk" && fn.Name() != "WalkDir" {
			return true
		}
		lit, ok := ast.Unparen(call.Args[1]).(*ast.FuncLit)
		if !ok || len(lit.Type.Params.List) == 0 || len(lit.Type.Params.List[0].Names) == 0 || !sc.mentionsTemp(call.Args[0]) {
			return true
		}
		if v, ok := sc.info.Defs[lit.Type.Params.List[0].Names[0]].(*types.Var); ok {
			sc.temp[v] = true
			marked = true
		}
		return true
	})
	return marked
}

// Info returns the type information the scope was built with.
func (sc *Scope) Info() *types.Info { return sc.info }

func (sc *Scope) obj(id *ast.Ident) types.Object {
	if o := sc.info.Defs[id]; o != nil {
		return o
	}
	return sc.info.Uses[id]
}

// single returns the only expression assigned to the local variable id,
// when there is exactly one and it is not part of a tuple.
func (sc *Scope) single(id *ast.Ident) (ast.Expr, bool) {
	v, ok := sc.obj(id).(*types.Var)
	if !ok {
		return nil, false
	}
	sc.build()
	ds := sc.defs[v]
	if len(ds) != 1 || ds[0].idx >= 0 {
		return nil, false
	}
	return ds[0].rhs, true
}

// Single is single for other passes.
func (sc *Scope) Single(id *ast.Ident) (ast.Expr, bool) { return sc.single(id) }

func (sc *Scope) stringOf(e ast.Expr) (string, bool) {
	if tv, ok := sc.info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return constant.StringVal(tv.Value), true
	}
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		if d, ok := sc.single(id); ok {
			return sc.stringOf(d)
		}
	}
	return "", false
}

// mentionsTemp reports whether e refers to a variable holding a temporary
// path or file, or calls a temp-making function itself.
func (sc *Scope) mentionsTemp(e ast.Expr) bool {
	sc.build()
	found := false
	analysisutil.Inspect(e, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.Ident:
			if v, ok := sc.info.Uses[n].(*types.Var); ok && sc.temp[v] {
				found = true
			} else if housekeepingIdent(sc.info, n) {
				found = true
			} else if ok && sc.tempParam(v) {
				found = true
			}
		case *ast.CallExpr:
			if sc.isTemp(n) {
				found = true
			}
		case *ast.SelectorExpr:
			if sc.tempField(n) {
				found = true
			}
		}
		return true
	})
	return found
}

// tempFileName reports whether v is the name of a file os.CreateTemp
// made (f.Name()).
func tempFileName(v *valueflow.Value) bool {
	fn, _ := v.Obj.(*types.Func)
	if v.Kind != valueflow.Call || fn == nil || fn.FullName() != "(*os.File).Name" || v.Recv == nil {
		return false
	}
	r := v.Recv
	rf, _ := r.Obj.(*types.Func)
	return r.Kind == valueflow.Call && r.Index == 0 && rf != nil && rf.FullName() == "os.CreateTemp"
}

// tempField reports whether sel reads a field of a struct of the package
// that holds a temporary path wherever the package stores one into it
// (pdfTempFiles{pdfPath: p} with p made by a function returning what
// os.CreateTemp made: files.cleanup()'s os.Remove(f.pdfPath)).
func (sc *Scope) tempField(sel *ast.SelectorExpr) bool {
	if sc.r == nil || sc.r.vf == nil || sc.r.bodies == nil {
		return false
	}
	s := sc.info.Selections[sel]
	if s == nil || s.Kind() != types.FieldVal || s.Obj().Pkg() != sc.r.pkg || !isStrings(s.Obj().Type()) {
		return false
	}
	// Every value is a temporary path or the empty string (the field
	// before it is set), and one at least is a temporary path: a field
	// only ever set to "" holds none.
	temp := false
	for _, v := range sc.r.vf.FieldValues(s.Recv(), sel.Sel.Name) {
		for _, a := range v.Each() {
			fn, _ := a.Obj.(*types.Func)
			switch {
			case a.Kind == valueflow.Call && a.Index == 0 && fn != nil && fn.Pkg() == sc.r.pkg && sc.r.isTempFunc(fn.Origin()):
				temp = true
			case tempRooted(a, 0), tempFileName(a):
				temp = true
			case a.Kind == valueflow.Const && a.Const.Kind() == constant.String && constant.StringVal(a.Const) == "":
			default:
				return false
			}
		}
	}
	return temp
}

// isTempSource reports whether e is a call that makes or names a
// temporary file or directory.
func isTempSource(info *types.Info, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	// The names first: FullName builds a string.
	switch fn.Name() {
	case "CreateTemp", "MkdirTemp", "TempDir", "TempFile":
	default:
		return false
	}
	switch fn.FullName() {
	case "os.CreateTemp", "os.MkdirTemp", "os.TempDir", "io/ioutil.TempFile", "io/ioutil.TempDir",
		"(*testing.common).TempDir", "(*testing.T).TempDir", "(*testing.B).TempDir":
		return true
	}
	return false
}
