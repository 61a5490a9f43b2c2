package metamorph

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/packages"
)

const docRunClosure = `run-closure: a call that is a statement of its own, or the value of an
assignment, declaration or return statement (see extract-func), moves
into a function literal the function runs in its place: x, err :=
c.Do(req) becomes x, err := func() (*http.Response, error) { return
c.Do(req) }(). The literal captures the variables the call reads, so it
applies where extract-func does and also where the call changes a local
or uses a local type, as long as the file can name the call's results.
One variant per class of the callee.`

const docRunHelper = `run-helper: as run-closure, but the function literal is handed to a
generic helper that calls it once and returns its results (mmRunK, K the
number of results: func mmRun2[A, B any](f func() (A, B)) (A, B) {
return f() }), declared once per package, as a retry or rate-limiting
helper would (without retrying). One variant per class of the callee.`

// runClosure moves each call of the class into a function literal that
// is run in the call's place, directly or by a helper.
func runClosure(v *variant, class string, helper bool) {
	v.eachStmtCall(class, func(pkg *packages.Package, f *ast.File, c stmtCall) {
		t := pkg.TypesInfo.TypeOf(c.c)
		results, ok := resultList(v.namer(pkg, f), t)
		if !ok {
			v.skip("type cannot be named")
			return
		}
		text := v.ed.Text(c.c.Pos(), c.c.End())
		lit := fmt.Sprintf("func() %s { return %s }", results, text)
		if results == "" {
			lit = fmt.Sprintf("func() { %s }", text)
		}
		v.sites++
		if !helper {
			v.ed.Replace(c.c.Pos(), c.c.End(), lit+"()")
			return
		}
		k := 1
		if tup, ok := t.(*types.Tuple); ok {
			k = tup.Len()
		}
		name := fmt.Sprintf("mmRun%d", k)
		v.ed.Replace(c.c.Pos(), c.c.End(), name+"("+lit+")")
		if key := name + " " + pkg.PkgPath; !v.once[key] {
			v.once[key] = true
			v.ed.Append(f.Pos(), runHelper(k))
		}
	})
}

// runHelper returns the declaration of mmRunK, which calls a function of
// k results once and returns them.
func runHelper(k int) string {
	if k == 0 {
		return "func mmRun0(f func()) { f() }"
	}
	var tps []string
	for i := 0; i < k; i++ {
		tps = append(tps, fmt.Sprintf("T%d", i))
	}
	res := strings.Join(tps, ", ")
	if k > 1 {
		res = "(" + res + ")"
	}
	return fmt.Sprintf("func mmRun%d[%s any](f func() %s) %s { return f() }", k, strings.Join(tps, ", "), res, res)
}
