package retry

import (
	"go/ast"
	"go/constant"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/passes/valueflow"
)

// This file is the table of retry libraries, matched by package path,
// receiver type name ("" for a function) and name. The semantics are those
// read in the modules' sources (shared/notes/retry-and-keys.md §2).

type lib struct {
	op   int // the operation argument; -1 for the first function-typed one
	sem  sem
	pred int // the retry predicate argument, or -1
}

const (
	backoffV3   = "github.com/cenkalti/backoff/v3"
	backoffV4   = "github.com/cenkalti/backoff/v4"
	backoffV5   = "github.com/cenkalti/backoff/v5"
	backoffV1   = "github.com/cenkalti/backoff"
	retryGo     = "github.com/avast/retry-go"
	retryGoV3   = "github.com/avast/retry-go/v3"
	retryGoV4   = "github.com/avast/retry-go/v4"
	retryGoV5   = "github.com/avast/retry-go/v5"
	goRetry     = "github.com/sethvargo/go-retry"
	failsafe    = "github.com/failsafe-go/failsafe-go"
	retryPolicy = "github.com/failsafe-go/failsafe-go/retrypolicy"
	k8sWait     = "k8s.io/apimachinery/pkg/util/wait"
	k8sRetry    = "k8s.io/client-go/util/retry"
)

var libs = map[[3]string]lib{}

func init() {
	for _, p := range []string{backoffV1, backoffV3, backoffV4} {
		for _, n := range []string{"Retry", "RetryNotify", "RetryNotifyWithTimer", "RetryWithData", "RetryNotifyWithData", "RetryNotifyWithTimerAndData"} {
			libs[[3]string{p, "", n}] = lib{op: 0, sem: semError, pred: -1}
		}
	}
	libs[[3]string{backoffV5, "", "Retry"}] = lib{op: 1, sem: semError, pred: -1}
	for _, p := range []string{retryGo, retryGoV3, retryGoV4} {
		libs[[3]string{p, "", "Do"}] = lib{op: 0, sem: semError, pred: -1}
		libs[[3]string{p, "", "DoWithData"}] = lib{op: 0, sem: semError, pred: -1}
	}
	libs[[3]string{retryGoV5, "Retrier", "Do"}] = lib{op: 0, sem: semError, pred: -1}
	libs[[3]string{retryGoV5, "RetrierWithData", "Do"}] = lib{op: 0, sem: semError, pred: -1}
	for _, n := range []string{"Do", "DoValue", "Constant", "Exponential", "Fibonacci"} {
		libs[[3]string{goRetry, "", n}] = lib{op: 2, sem: semRetryable, pred: -1}
	}
	for _, n := range []string{"Run", "Get", "RunWithExecution", "GetWithExecution", "RunAsync", "GetAsync", "RunAsyncWithExecution", "GetAsyncWithExecution"} {
		libs[[3]string{failsafe, "Executor", n}] = lib{op: 0, sem: semError, pred: -1}
		libs[[3]string{failsafe, "", n}] = lib{op: 0, sem: semError, pred: -1} // before v0.9
	}
	for _, n := range []string{"ExponentialBackoff", "ExponentialBackoffWithContext", "PollUntilContextCancel", "PollUntilContextTimeout",
		"Poll", "PollWithContext", "PollUntil", "PollUntilWithContext", "PollInfinite", "PollInfiniteWithContext",
		"PollImmediate", "PollImmediateWithContext", "PollImmediateUntil", "PollImmediateUntilWithContext",
		"PollImmediateInfinite", "PollImmediateInfiniteWithContext"} {
		libs[[3]string{k8sWait, "", n}] = lib{op: -1, sem: semCondition, pred: -1}
	}
	libs[[3]string{k8sRetry, "", "OnError"}] = lib{op: 2, sem: semError, pred: 1}
	libs[[3]string{k8sRetry, "", "RetryOnConflict"}] = lib{op: 1, sem: semError, pred: -1}
}

// calleeKey returns the table key of fn.
func calleeKey(fn *types.Func) ([3]string, bool) {
	if fn == nil || fn.Pkg() == nil {
		return [3]string{}, false
	}
	fn = fn.Origin()
	recv := ""
	if sig, _ := fn.Type().(*types.Signature); sig != nil && sig.Recv() != nil {
		t := types.Unalias(sig.Recv().Type())
		if p, ok := t.(*types.Pointer); ok {
			t = types.Unalias(p.Elem())
		}
		if n, ok := t.(*types.Named); ok {
			recv = n.Obj().Name()
		}
	}
	return [3]string{fn.Pkg().Path(), recv, fn.Name()}, true
}

// displayName renders fn as "backoff.Retry" or "retry.Retrier.Do".
func displayName(fn *types.Func, local *types.Package) string {
	k, _ := calleeKey(fn)
	name := k[2]
	if k[1] != "" {
		name = k[1] + "." + name
	}
	if fn.Pkg() == local {
		return name
	}
	return fn.Pkg().Name() + "." + name
}

// stopOrRetry classifies a library's error wrappers: "stop" for
// backoff.Permanent and retry.Unrecoverable, "retry" for
// retry.RetryableError and backoff.RetryAfter.
func stopOrRetry(fn *types.Func) string {
	path, name := fn.Pkg().Path(), fn.Name()
	switch {
	case strings.HasPrefix(path, "github.com/cenkalti/backoff"):
		switch name {
		case "Permanent":
			return "stop"
		case "RetryAfter":
			return "retry"
		}
	case strings.HasPrefix(path, retryGo):
		if name == "Unrecoverable" {
			return "stop"
		}
	case path == goRetry:
		if name == "RetryableError" {
			return "retry"
		}
	}
	return ""
}

// stopOrRetryType is stopOrRetry for the error types those wrappers
// make, as the value-flow engine sees a wrapper's result: a helper of
// the caller's package that returns backoff.Permanent(err) holds a
// *backoff.PermanentError.
func stopOrRetryType(t types.Type) string {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return ""
	}
	path, name := n.Obj().Pkg().Path(), n.Obj().Name()
	switch {
	case strings.HasPrefix(path, "github.com/cenkalti/backoff") && name == "PermanentError":
		return "stop"
	case strings.HasPrefix(path, retryGo) && name == "unrecoverableError":
		return "stop"
	case path == goRetry && name == "retryableError":
		return "retry"
	}
	return ""
}

// libCall recognizes a call of a retry library. It returns the table
// entry, the operation argument and the predicate argument (or nil).
func (a *finder) libCall(call *ast.CallExpr) (*types.Func, lib, ast.Expr, ast.Expr, bool) {
	fn, _ := typeutil.Callee(a.info, call).(*types.Func)
	k, ok := calleeKey(fn)
	if !ok {
		return nil, lib{}, nil, nil, false
	}
	l, ok := libs[k]
	if !ok {
		return nil, lib{}, nil, nil, false
	}
	op := l.op
	if op < 0 {
		for i, arg := range call.Args {
			if t := a.info.TypeOf(arg); t != nil {
				if _, ok := t.Underlying().(*types.Signature); ok {
					op = i
					break
				}
			}
		}
	}
	if op < 0 || op >= len(call.Args) {
		return nil, lib{}, nil, nil, false
	}
	var pred ast.Expr
	if l.pred >= 0 && l.pred < len(call.Args) {
		pred = call.Args[l.pred]
	}
	switch k[0] {
	case failsafe:
		if !a.failsafeRetries(call, k[1] == "") {
			return nil, lib{}, nil, nil, false
		}
	case retryGo, retryGoV3, retryGoV4:
		p, once := a.retryGoOptions(call.Args[op+1:])
		if once {
			return nil, lib{}, nil, nil, false
		}
		pred = p
	case retryGoV5:
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			if nc, ok := ast.Unparen(a.vf.Inlined(a.value(sel.X))).(*ast.CallExpr); ok {
				p, once := a.retryGoOptions(nc.Args)
				if once {
					return nil, lib{}, nil, nil, false
				}
				pred = p
			}
		}
	}
	if pred != nil {
		pred = a.flowLit(pred)
	}
	return fn, l, call.Args[op], pred, true
}

// retryGoOptions scans avast/retry-go options for a RetryIf predicate and
// Attempts(1), which disables retrying.
func (a *finder) retryGoOptions(opts []ast.Expr) (pred ast.Expr, once bool) {
	for _, o := range opts {
		oc, ok := ast.Unparen(a.vf.Inlined(a.value(o))).(*ast.CallExpr) // written there, or kept in a local
		if !ok {
			oc, ok = a.flowCall(o) // an option kept in a field or a table
		}
		if !ok {
			// An option the engine follows into retry-go (the closure
			// RetryIf returns), or a helper is given (a parameter): as
			// the engine binds it at every call of the helper.
			if fn, arg := a.boundOption(o); fn != nil {
				switch fn.Name() {
				case "RetryIf":
					if arg.Kind == valueflow.Closure && arg.Lit != nil {
						pred = arg.Lit
					}
				case "Attempts":
					if arg.Kind == valueflow.Const && arg.Const.Kind() == constant.Int {
						if n, ok := constant.Int64Val(arg.Const); ok && n == 1 {
							once = true
						}
					}
				}
			}
			continue
		}
		if len(oc.Args) != 1 {
			continue
		}
		fn, _ := typeutil.Callee(a.info, oc).(*types.Func)
		if fn == nil || fn.Pkg() == nil || !strings.HasPrefix(fn.Pkg().Path(), retryGo) {
			continue
		}
		switch fn.Name() {
		case "RetryIf":
			pred = oc.Args[0]
		case "Attempts":
			if tv, ok := a.info.Types[oc.Args[0]]; ok && tv.Value != nil {
				if n, ok := constant.Int64Val(tv.Value); ok && n == 1 {
					once = true
				}
			}
		}
	}
	return pred, once
}

// boundOption returns the retry-go option function and its one argument
// that o is, as the engine finds it (kept in a field or an options
// struct), or for a parameter's value, at every call of the helper that
// encloses it (atCallSites), when all of them agree; nil otherwise.
func (a *finder) boundOption(o ast.Expr) (*types.Func, *valueflow.Value) {
	if a.vf == nil {
		return nil, nil
	}
	vals := []*valueflow.Value{a.vf.Eval(o, nil)}
	if alts := vals[0].Each(); len(alts) == 1 && alts[0].ParamRooted() {
		vals = a.vf.AtCallSites(o)
	}
	var fn *types.Func
	var arg *valueflow.Value
	for _, v := range vals {
		// retry-go's options return another value for a nil argument
		// (RetryIf(nil) is emptyOption, which the engine does not
		// follow): an unknown alternative beside the option is that one.
		var alts []*valueflow.Value
		for _, x := range v.Each() {
			if x.Kind != valueflow.Unknown {
				alts = append(alts, x)
			}
		}
		if len(alts) != 1 {
			return nil, nil
		}
		f, x := retryGoOption(alts[0])
		if f == nil || fn != nil && (f != fn || !valueflow.Same(arg, x)) {
			return nil, nil
		}
		fn, arg = f, x
	}
	return fn, arg
}

// retryGoOption returns the retry-go option function that made v and
// the one argument it was given: a call of it the engine keeps opaque,
// or the option closure it returns (func(c *Config) { c.retryIf = f }),
// which captured its parameter.
func retryGoOption(v *valueflow.Value) (*types.Func, *valueflow.Value) {
	f, _ := v.Obj.(*types.Func)
	if f == nil || f.Pkg() == nil || !strings.HasPrefix(f.Pkg().Path(), retryGo) || f.Signature().Params().Len() != 1 {
		return nil, nil
	}
	switch v.Kind {
	case valueflow.Call:
		if len(v.Args) == 1 {
			return f, v.Args[0]
		}
	case valueflow.Closure:
		if x, ok := v.Bound(f.Signature().Params().At(0)); ok {
			return f, x
		}
	}
	return nil, nil
}

// failsafeRetries reports whether a failsafe-go execution has a retry
// policy: the executor's chain leads back to failsafe.With(policies...) (or
// the policies follow the function, before v0.9) and one of them is a
// retrypolicy.RetryPolicy.
func (a *finder) failsafeRetries(call *ast.CallExpr, pkgFunc bool) bool {
	if pkgFunc {
		return a.hasRetryPolicy(call.Args[1:])
	}
	x := call.Fun
	for depth := 0; depth < 8; depth++ {
		sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
		if !ok {
			return false
		}
		c, ok := a.value(sel.X).(*ast.CallExpr)
		if !ok {
			return false
		}
		fn, _ := typeutil.Callee(a.info, c).(*types.Func)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != failsafe {
			return false
		}
		if fn.Name() == "With" || fn.Name() == "WithAny" || fn.Name() == "Compose" {
			if a.hasRetryPolicy(c.Args) {
				return true
			}
		}
		if fn.Name() == "With" || fn.Name() == "WithAny" {
			return false
		}
		x = c.Fun
	}
	return false
}

func (a *finder) hasRetryPolicy(args []ast.Expr) bool {
	for _, arg := range args {
		t := types.Unalias(a.info.TypeOf(arg))
		if n, ok := t.(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == retryPolicy {
			return true
		}
	}
	return false
}

func inTable(k [3]string) bool {
	_, ok := libs[k]
	return ok
}
