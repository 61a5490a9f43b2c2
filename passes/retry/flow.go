package retry

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"github.com/mcpvet/mcpvet/passes/valueflow"
)

// This file is the small structural flow engine: it follows the
// statements that run after a call failed (its error result is non-nil),
// deciding the conditions that test that error, until the path ends the
// construct or starts another attempt. It works on the AST of one region
// (a loop body or a function body) and does not descend into nested loops
// or function literals.

// state is what is known about the tracked error variable.
type state uint8

const (
	stUnknown state = iota
	stNil
	stNonNil
)

// outcome is a set of ways a path can end.
type outcome uint8

const (
	oRetry   outcome = 1 << iota // another attempt starts
	oDone                        // the construct ends
	oUnknown                     // goto, fallthrough and the like
	oStop                        // a visitor stopped the path
	oAgain                       // the next attempt reached the focal statement
)

// sem says how a region's return statements and end are to be read.
type sem uint8

const (
	semLoop      sem = iota // a loop body: continue and the end start another iteration
	semFunc                 // a plain function: returns end it
	semError                // an operation retried on any non-nil error
	semRetryable            // sethvargo/go-retry: only retry.RetryableError is retried
	semCondition            // k8s wait: (false, nil) polls again, an error stops
	semRecursion            // a call of the function itself is the retry
)

// region is a statement tree whose statements are indexed with their
// position, so that a path can continue after any statement.
type region struct {
	root  *ast.BlockStmt
	loop  ast.Stmt // *ast.ForStmt or *ast.RangeStmt for a loop body
	label string   // the loop's label, if any
	self  types.Object
	// selfVia are the helpers of the package through which the
	// function calls itself (a recursion split by an extracted call).
	selfVia map[types.Object]bool
	locs    map[ast.Stmt]*loc
	stmts   []ast.Stmt // in source order
}

// loc is a statement's place: its list, its index there, the statement
// containing the list (nil at the root) and the target of an unlabeled
// break (the enclosing switch or select statement; nil when break leaves
// the loop).
type loc struct {
	list []ast.Stmt
	i    int
	up   *loc
	brk  *loc
}

func newRegion(root *ast.BlockStmt, loop ast.Stmt, label string) *region {
	r := &region{root: root, loop: loop, label: label, locs: make(map[ast.Stmt]*loc)}
	r.index(root.List, nil, nil)
	return r
}

func (r *region) index(list []ast.Stmt, up, brk *loc) {
	for i, s := range list {
		l := &loc{list: list, i: i, up: up, brk: brk}
		r.locs[s] = l
		r.stmts = append(r.stmts, s)
		r.indexStmt(s, l, brk)
	}
}

func (r *region) indexStmt(s ast.Stmt, l, brk *loc) {
	switch s := s.(type) {
	case *ast.LabeledStmt:
		r.locs[s.Stmt] = l // the labeled statement runs in its label's place
		switch s.Stmt.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			return
		}
		r.indexStmt(s.Stmt, l, brk)
	case *ast.BlockStmt:
		r.index(s.List, l, brk)
	case *ast.IfStmt:
		r.index(s.Body.List, l, brk)
		if s.Else != nil {
			r.index([]ast.Stmt{s.Else}, l, brk)
		}
	case *ast.SwitchStmt:
		for _, c := range s.Body.List {
			r.index(c.(*ast.CaseClause).Body, l, l)
		}
	case *ast.TypeSwitchStmt:
		for _, c := range s.Body.List {
			r.index(c.(*ast.CaseClause).Body, l, l)
		}
	case *ast.SelectStmt:
		for _, c := range s.Body.List {
			r.index(c.(*ast.CommClause).Body, l, l)
		}
	}
}

// walker follows paths through one region.
type walker struct {
	info   *types.Info
	vf     *valueflow.Result // wrapKind's view of an error made by a helper
	reg    *region
	sem    sem
	errObj types.Object  // the tracked error variable, or nil
	focal  ast.Stmt      // the statement holding the call under study
	call   *ast.CallExpr // the call under study
	wrap   bool          // on oRetry, walk the next attempt up to focal
	visit  func(ast.Node) bool
	memo   map[memoKey]outcome
	check  ast.Node // the first condition on the tracked error met on the path
	retry  ast.Node // the statement where another attempt starts
	again  outcome  // result of the wrap walk, computed once
	inWrap bool
}

type memoKey struct {
	s  ast.Stmt
	st state
}

func newWalker(info *types.Info, vf *valueflow.Result, reg *region, s sem) *walker {
	return &walker{info: info, vf: vf, reg: reg, sem: s, memo: make(map[memoKey]outcome)}
}

// wrapKind is stopOrRetry for the function call makes its error with: a
// library's wrapper, or a function of this package that returns one
// (func retryable(err error) error { return retry.RetryableError(err) }),
// as the engine sees its result.
func (w *walker) wrapKind(call *ast.CallExpr) string {
	if c, ok := ast.Unparen(w.vf.Inlined(call)).(*ast.CallExpr); ok {
		call = c // func() error { return backoff.Permanent(err) }()
	}
	fn, _ := typeutil.Callee(w.info, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil {
		return ""
	}
	if k := stopOrRetry(fn); k != "" || w.vf == nil || len(call.Args) == 0 {
		return k
	}
	kind := ""
	for _, a := range w.vf.Eval(call, nil).Each() {
		k := ""
		switch a.Kind {
		case valueflow.Nil:
			continue // nil for a nil error
		case valueflow.Call:
			if g, ok := a.Obj.(*types.Func); ok && g.Pkg() != nil {
				k = stopOrRetry(g)
			}
		case valueflow.Struct:
			k = stopOrRetryType(a.Type) // the wrapper's own result, summarized
		}
		if k == "" || kind != "" && k != kind {
			return ""
		}
		kind = k
	}
	return kind
}

// seq runs list[i:] and what follows it.
func (w *walker) seq(list []ast.Stmt, i int, up, brk *loc, st state) outcome {
	if i >= len(list) {
		if up == nil {
			return w.end(st)
		}
		return w.seq(up.list, up.i+1, up.up, up.brk, st)
	}
	k := memoKey{list[i], st}
	if o, ok := w.memo[k]; ok {
		return o
	}
	w.memo[k] = oUnknown // a cycle guard; structured code has none
	o := w.stmt(list[i], list, i, up, brk, st)
	w.memo[k] = o
	return o
}

// end is the end of the region's body.
func (w *walker) end(st state) outcome {
	if w.inWrap {
		if w.sem == semLoop {
			return oRetry // looped again without reaching focal: not counted
		}
		return oDone
	}
	if w.sem != semLoop {
		return oDone // falling off a function's end returns
	}
	if f, ok := w.reg.loop.(*ast.ForStmt); ok && f.Cond != nil {
		if w.cond(f.Cond, st) == tFalse {
			return oDone
		}
		if w.check == nil && w.mentionsErr(f.Cond) {
			w.check = f.Cond
		}
	}
	return w.retried(w.reg.loop)
}

// retried records that another attempt starts at n.
func (w *walker) retried(n ast.Node) outcome {
	if w.retry == nil {
		w.retry = n
	}
	if !w.wrap {
		return oRetry
	}
	if w.again == 0 {
		ww := newWalker(w.info, w.vf, w.reg, w.sem)
		ww.focal, ww.visit, ww.inWrap = w.focal, w.visit, true
		ww.again = oDone // no nested wrapping
		w.again = ww.seq(w.reg.root.List, 0, nil, nil, stUnknown)
		if w.again == 0 {
			w.again = oDone
		}
	}
	return w.again
}

func (w *walker) stmt(s ast.Stmt, list []ast.Stmt, i int, up, brk *loc, st state) outcome {
	next := func(st state) outcome { return w.seq(list, i+1, up, brk, st) }
	if w.inWrap && s == w.focal {
		return oAgain
	}
	if ls, ok := s.(*ast.LabeledStmt); ok {
		s = ls.Stmt
	}
	if w.visit != nil {
		for _, h := range header(s) {
			if w.visit(h) {
				return oStop
			}
		}
	}
	if w.sem == semRecursion && !w.inWrap && w.callsSelf(s) {
		return w.retried(s)
	}
	switch s := s.(type) {
	case *ast.ReturnStmt:
		return w.ret(s, st)
	case *ast.BranchStmt:
		switch s.Tok {
		case token.BREAK:
			if s.Label == nil {
				if brk != nil {
					return w.seq(brk.list, brk.i+1, brk.up, brk.brk, st)
				}
				if w.reg.loop != nil {
					return oDone
				}
				return oUnknown
			}
			if w.reg.loop != nil && s.Label.Name == w.reg.label {
				return oDone
			}
		case token.CONTINUE:
			if w.reg.loop == nil {
				return oUnknown
			}
			if s.Label == nil || s.Label.Name == w.reg.label {
				if w.inWrap {
					return oRetry
				}
				if f, ok := w.reg.loop.(*ast.ForStmt); ok && f.Cond != nil && w.cond(f.Cond, st) == tFalse {
					return oDone
				}
				return w.retried(s)
			}
			return oDone // continues an outer loop: leaves this one
		}
		return oUnknown
	case *ast.ExprStmt:
		if call, ok := ast.Unparen(s.X).(*ast.CallExpr); ok && w.noReturn(call) {
			return oDone
		}
		return next(st)
	case *ast.AssignStmt:
		return next(w.assign(s, st))
	case *ast.DeclStmt:
		return next(w.declare(s, st))
	case *ast.BlockStmt:
		l := w.reg.locs[s]
		if l == nil {
			return oUnknown
		}
		return w.seq(s.List, 0, l, brk, st)
	case *ast.IfStmt:
		return w.ifStmt(s, brk, st, false)
	case *ast.SwitchStmt:
		if s.Init != nil {
			st = w.assignStmt(s.Init, st)
		}
		return w.switchStmt(s, st)
	case *ast.TypeSwitchStmt:
		return w.clauses(s, s.Body, st, true)
	case *ast.SelectStmt:
		return w.clauses(s, s.Body, st, false)
	}
	return next(st)
}

// ifStmt runs an if statement; skipInit is set when the call under study
// is its Init.
func (w *walker) ifStmt(s *ast.IfStmt, brk *loc, st state, skipInit bool) outcome {
	if s.Init != nil && !skipInit {
		st = w.assignStmt(s.Init, st)
	}
	l := w.reg.locs[s]
	if l == nil {
		return oUnknown
	}
	c := w.cond(s.Cond, st)
	if c != tUnknown && w.check == nil && !w.inWrap {
		w.check = s
	}
	var o outcome
	if c != tFalse {
		o |= w.seq(s.Body.List, 0, l, brk, w.refine(s.Cond, st, true))
	}
	if c != tTrue {
		st2 := w.refine(s.Cond, st, false)
		if s.Else != nil {
			el := w.reg.locs[s.Else]
			o |= w.seq(el.list, 0, el.up, el.brk, st2)
		} else {
			o |= w.seq(l.list, l.i+1, l.up, l.brk, st2)
		}
	}
	return o
}

// clauses runs a switch or select statement. Without a default clause a
// switch may run none of its clauses; a select always runs one.
func (w *walker) clauses(s ast.Stmt, body *ast.BlockStmt, st state, isSwitch bool) outcome {
	l := w.reg.locs[s]
	if l == nil {
		return oUnknown
	}
	var o outcome
	hasDefault := false
	for _, c := range body.List {
		var list []ast.Stmt
		switch c := c.(type) {
		case *ast.CaseClause:
			list = c.Body
			hasDefault = hasDefault || c.List == nil
		case *ast.CommClause:
			list = c.Body
			hasDefault = hasDefault || c.Comm == nil
		}
		o |= w.seq(list, 0, l, l, st)
	}
	if isSwitch && !hasDefault || len(body.List) == 0 {
		o |= w.seq(l.list, l.i+1, l.up, l.brk, st)
	}
	return o
}

// switchStmt runs an expression switch, deciding the cases that test the
// tracked error (switch { case err == nil: } and switch err { case nil: }).
func (w *walker) switchStmt(s *ast.SwitchStmt, st state) outcome {
	l := w.reg.locs[s]
	if l == nil {
		return oUnknown
	}
	var o outcome
	decided := false // a case before was certainly taken
	hasDefault := false
	var def *ast.CaseClause
	for _, c := range s.Body.List {
		cc := c.(*ast.CaseClause)
		if cc.List == nil {
			hasDefault, def = true, cc
			continue
		}
		if decided {
			break
		}
		t := tFalse
		for _, e := range cc.List {
			var ct tri
			if s.Tag == nil {
				ct = w.cond(e, st)
			} else if w.isErr(s.Tag) && isNil(w.info, e) {
				ct = w.cond(&ast.BinaryExpr{X: s.Tag, Op: token.EQL, Y: e}, st)
			}
			if ct == tTrue {
				t = tTrue
				break
			}
			if ct == tUnknown {
				t = tUnknown
			}
		}
		if t != tUnknown && w.check == nil && !w.inWrap && (s.Tag == nil || w.isErr(s.Tag)) {
			w.check = s
		}
		if t != tFalse {
			st2 := st
			if s.Tag == nil && len(cc.List) == 1 {
				st2 = w.refine(cc.List[0], st, true)
			}
			o |= w.seq(cc.Body, 0, l, l, st2)
		}
		if t == tTrue {
			decided = true
		}
	}
	if !decided {
		if hasDefault {
			o |= w.seq(def.Body, 0, l, l, st)
		} else {
			o |= w.seq(l.list, l.i+1, l.up, l.brk, st)
		}
	}
	return o
}

// header returns the parts of s that run before its nested statements.
func header(s ast.Stmt) []ast.Node {
	switch s := s.(type) {
	case *ast.BlockStmt, *ast.LabeledStmt, *ast.ForStmt, *ast.RangeStmt:
		return nil
	case *ast.IfStmt:
		if s.Init != nil {
			return []ast.Node{s.Init, s.Cond}
		}
		return []ast.Node{s.Cond}
	case *ast.SwitchStmt:
		var hs []ast.Node
		if s.Init != nil {
			hs = append(hs, s.Init)
		}
		if s.Tag != nil {
			hs = append(hs, s.Tag)
		}
		return hs
	case *ast.TypeSwitchStmt:
		return []ast.Node{s.Assign}
	case *ast.SelectStmt:
		var hs []ast.Node
		for _, c := range s.Body.List {
			if cc := c.(*ast.CommClause); cc.Comm != nil {
				hs = append(hs, cc.Comm)
			}
		}
		return hs
	}
	return []ast.Node{s}
}

// ret classifies a return statement under the region's semantics.
func (w *walker) ret(s *ast.ReturnStmt, st state) outcome {
	switch w.sem {
	case semLoop, semFunc, semRecursion:
		return oDone
	}
	if len(s.Results) == 0 {
		return oDone | oRetry // named results: unknown
	}
	last := ast.Unparen(s.Results[len(s.Results)-1])
	if w.sem == semCondition {
		if len(s.Results) == 1 {
			if last == w.call {
				return oDone // the condition's own error stops polling
			}
			return oDone | oRetry
		}
		first := ast.Unparen(s.Results[0])
		if !isNil(w.info, last) {
			if w.errVal(last, st) == stNil {
				return w.condFirst(first, s)
			}
			return oDone
		}
		return w.condFirst(first, s)
	}
	// semError and semRetryable look at the error result.
	if last == w.call && w.call != nil {
		if w.sem == semRetryable {
			return oDone
		}
		return w.retried(s)
	}
	if call, ok := last.(*ast.CallExpr); ok {
		switch w.wrapKind(call) {
		case "stop":
			return oDone
		case "retry":
			return w.retried(s)
		}
		if w.sem == semRetryable {
			return oDone
		}
		if isErrorConstructor(w.info, call) {
			return w.retried(s)
		}
		return oDone | w.retried(s)
	}
	if w.sem == semRetryable {
		return oDone
	}
	switch w.errVal(last, st) {
	case stNil:
		return oDone
	case stNonNil:
		return w.retried(s)
	}
	return oDone | w.retried(s)
}

// condFirst classifies the done result of a k8s condition returning a
// nil error.
func (w *walker) condFirst(first ast.Expr, s *ast.ReturnStmt) outcome {
	if tv, ok := w.info.Types[first]; ok && tv.Value != nil {
		if tv.Value.String() == "false" {
			return w.retried(s)
		}
		return oDone
	}
	return oDone | w.retried(s)
}

// errVal says whether e, an error expression, is nil.
func (w *walker) errVal(e ast.Expr, st state) state {
	e = ast.Unparen(e)
	if isNil(w.info, e) {
		return stNil
	}
	if w.isErr(e) {
		return st
	}
	return stUnknown
}

func isNil(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[ast.Unparen(e)]
	return ok && tv.IsNil()
}

// isErrorConstructor reports whether call makes a new non-nil error:
// fmt.Errorf, errors.New, errors.Join, errors.Wrap and the like.
func isErrorConstructor(info *types.Info, call *ast.CallExpr) bool {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	switch fn.Pkg().Path() + "." + fn.Name() {
	case "fmt.Errorf", "errors.New", "errors.Join",
		"github.com/pkg/errors.Wrap", "github.com/pkg/errors.Wrapf",
		"github.com/pkg/errors.WithMessage", "github.com/pkg/errors.WithStack",
		"github.com/pkg/errors.New", "github.com/pkg/errors.Errorf":
		return true
	}
	return false
}

// assign updates the state for an assignment to the tracked error.
func (w *walker) assign(s *ast.AssignStmt, st state) state {
	if w.errObj == nil {
		return st
	}
	for i, l := range s.Lhs {
		if id, ok := l.(*ast.Ident); ok && w.objOf(id) == w.errObj {
			if len(s.Lhs) == len(s.Rhs) && isNil(w.info, s.Rhs[i]) {
				return stNil
			}
			return stUnknown
		}
	}
	return st
}

func (w *walker) assignStmt(s ast.Stmt, st state) state {
	if a, ok := s.(*ast.AssignStmt); ok {
		return w.assign(a, st)
	}
	return st
}

func (w *walker) declare(s *ast.DeclStmt, st state) state {
	if w.errObj == nil {
		return st
	}
	gd, ok := s.Decl.(*ast.GenDecl)
	if !ok {
		return st
	}
	for _, sp := range gd.Specs {
		if vs, ok := sp.(*ast.ValueSpec); ok {
			for _, n := range vs.Names {
				if w.info.Defs[n] == w.errObj {
					return stUnknown
				}
			}
		}
	}
	return st
}

func (w *walker) objOf(id *ast.Ident) types.Object {
	if o := w.info.Uses[id]; o != nil {
		return o
	}
	return w.info.Defs[id]
}

func (w *walker) isErr(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && w.errObj != nil && w.info.Uses[id] == w.errObj
}

func (w *walker) mentionsErr(e ast.Expr) bool {
	found := false
	analysisutil.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && w.errObj != nil && w.info.Uses[id] == w.errObj {
			found = true
		}
		return !found
	})
	return found
}

type tri uint8

const (
	tUnknown tri = iota
	tTrue
	tFalse
)

func not(t tri) tri {
	switch t {
	case tTrue:
		return tFalse
	case tFalse:
		return tTrue
	}
	return tUnknown
}

// cond evaluates a condition under what is known of the tracked error.
func (w *walker) cond(e ast.Expr, st state) tri {
	if w.errObj == nil || st == stUnknown {
		return tUnknown
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			return not(w.cond(e.X, st))
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND:
			a, b := w.cond(e.X, st), w.cond(e.Y, st)
			if a == tFalse || b == tFalse {
				return tFalse
			}
			if a == tTrue && b == tTrue {
				return tTrue
			}
		case token.LOR:
			a, b := w.cond(e.X, st), w.cond(e.Y, st)
			if a == tTrue || b == tTrue {
				return tTrue
			}
			if a == tFalse && b == tFalse {
				return tFalse
			}
		case token.EQL, token.NEQ:
			var other ast.Expr
			switch {
			case w.isErr(e.X):
				other = e.Y
			case w.isErr(e.Y):
				other = e.X
			default:
				return tUnknown
			}
			eq := tUnknown
			if isNil(w.info, other) {
				if st == stNil {
					eq = tTrue
				} else {
					eq = tFalse
				}
			} else if st == stNil {
				eq = tFalse // nil equals no sentinel error
			}
			if e.Op == token.NEQ {
				return not(eq)
			}
			return eq
		}
	case *ast.CallExpr:
		// errors.Is(err, X), errors.As(err, &t), isRetryable(err): false
		// for a nil error.
		if st == stNil {
			for _, a := range e.Args {
				if w.isErr(a) {
					return tFalse
				}
			}
		}
	}
	return tUnknown
}

// refine returns the state in the branch of cond that is taken (or not).
func (w *walker) refine(e ast.Expr, st state, taken bool) state {
	if w.errObj == nil {
		return st
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			return w.refine(e.X, st, !taken)
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND:
			if taken {
				return w.refine(e.Y, w.refine(e.X, st, true), true)
			}
		case token.LOR:
			if !taken {
				return w.refine(e.Y, w.refine(e.X, st, false), false)
			}
		case token.EQL, token.NEQ:
			var other ast.Expr
			switch {
			case w.isErr(e.X):
				other = e.Y
			case w.isErr(e.Y):
				other = e.X
			default:
				return st
			}
			if !isNil(w.info, other) {
				if (e.Op == token.EQL) == taken {
					return stNonNil // equal to a sentinel
				}
				return st
			}
			if (e.Op == token.NEQ) == taken {
				return stNonNil
			}
			return stNil
		}
	case *ast.CallExpr:
		if taken {
			for _, a := range e.Args {
				if w.isErr(a) {
					return stNonNil // errors.Is(err, X) holds only for non-nil err
				}
			}
		}
	}
	return st
}

// noReturn reports whether call never returns: panic, os.Exit, log.Fatal.
func (w *walker) noReturn(call *ast.CallExpr) bool {
	switch fn := typeutil.Callee(w.info, call).(type) {
	case *types.Builtin:
		return fn.Name() == "panic"
	case *types.Func:
		if fn.Pkg() == nil {
			return false
		}
		switch fn.Pkg().Path() {
		case "os":
			return fn.Name() == "Exit"
		case "log":
			switch fn.Name() {
			case "Fatal", "Fatalf", "Fatalln", "Panic", "Panicf", "Panicln":
				return true
			}
		case "runtime":
			return fn.Name() == "Goexit"
		}
	}
	return false
}

// callsSelf reports whether the simple statement s (or the header of a
// compound one) calls the region's own function, also from a literal it
// runs in place.
func (w *walker) callsSelf(s ast.Stmt) bool {
	if w.reg.self == nil {
		return false
	}
	found := false
	for _, h := range header(s) {
		w.vf.InspectHere(h, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if fn, _ := typeutil.Callee(w.info, n).(*types.Func); fn != nil && (fn.Origin() == w.reg.self || w.reg.selfVia[fn.Origin()]) {
					found = true
				}
			}
			return !found
		})
	}
	return found
}

// focalOf returns the statement of region reg that holds call so that
// its error result can be followed, and the error variable (nil for a
// returned call).
func focalOf(info *types.Info, reg *region, call *ast.CallExpr, stack []ast.Node) (ast.Stmt, types.Object) {
	if !returnsError(info, call) {
		return nil, nil
	}
	// stack holds the call's ancestors, innermost last.
	for i := len(stack) - 1; i >= 0; i-- {
		s, ok := stack[i].(ast.Stmt)
		if !ok {
			if _, ok := stack[i].(ast.Expr); ok && stack[i] != ast.Node(call) {
				if _, paren := stack[i].(*ast.ParenExpr); !paren {
					return nil, nil // the call is an operand: its error is not followed
				}
			}
			continue
		}
		var obj types.Object
		switch s := s.(type) {
		case *ast.AssignStmt:
			if len(s.Rhs) != 1 || ast.Unparen(s.Rhs[0]) != call {
				return nil, nil
			}
			obj = lastErrVar(info, s.Lhs)
			if obj == nil {
				return nil, nil
			}
			if i > 0 {
				if ifs, ok := stack[i-1].(*ast.IfStmt); ok && ifs.Init == s {
					if _, ok := reg.locs[ifs]; ok {
						return ifs, obj
					}
					return nil, nil
				}
			}
		case *ast.ReturnStmt:
			if ast.Unparen(s.Results[len(s.Results)-1]) != call {
				return nil, nil
			}
		case *ast.DeclStmt:
			gd := s.Decl.(*ast.GenDecl)
			vs, ok := gd.Specs[0].(*ast.ValueSpec)
			if !ok || len(gd.Specs) != 1 || len(vs.Values) != 1 || ast.Unparen(vs.Values[0]) != call {
				return nil, nil
			}
			obj = info.Defs[vs.Names[len(vs.Names)-1]]
			if obj == nil || !isErrorType(obj.Type()) {
				return nil, nil
			}
		default:
			return nil, nil
		}
		if _, ok := reg.locs[s]; !ok {
			return nil, nil
		}
		return s, obj
	}
	return nil, nil
}

func lastErrVar(info *types.Info, lhs []ast.Expr) types.Object {
	id, ok := lhs[len(lhs)-1].(*ast.Ident)
	if !ok || id.Name == "_" {
		return nil
	}
	obj := info.Defs[id]
	if obj == nil {
		obj = info.Uses[id]
	}
	if obj == nil || !isErrorType(obj.Type()) {
		return nil
	}
	return obj
}

var errorType = types.Universe.Lookup("error").Type()

func isErrorType(t types.Type) bool { return types.Identical(t, errorType) }

// returnsError reports whether call's last result is an error.
func returnsError(info *types.Info, call *ast.CallExpr) bool {
	t := info.TypeOf(call)
	switch t := t.(type) {
	case *types.Tuple:
		return t.Len() > 0 && isErrorType(t.At(t.Len()-1).Type())
	case nil:
		return false
	default:
		return isErrorType(t)
	}
}

// failure follows the failure of the call held by focal, from just after
// it, under the walker's semantics.
func (w *walker) failure(focal ast.Stmt) outcome {
	return w.after(focal, stNonNil)
}

func (w *walker) after(focal ast.Stmt, st state) outcome {
	l := w.reg.locs[focal]
	switch s := focal.(type) {
	case *ast.IfStmt:
		return w.ifStmt(s, l.brk, st, true)
	case *ast.ReturnStmt:
		if st == stNil {
			return oDone
		}
		return w.ret(s, st)
	}
	return w.seq(l.list, l.i+1, l.up, l.brk, st)
}
