package fresh

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
)

// funcs lists functions whose result is fresh, by package path and name.
var funcs = map[string]map[string]bool{
	"github.com/google/uuid":            set("New", "NewString", "NewRandom", "NewRandomFromReader", "NewUUID", "NewV6", "NewV7", "NewV7FromReader", "NewDCEGroup", "NewDCEPerson"),
	"github.com/gofrs/uuid":             set("NewV1", "NewV4", "NewV6", "NewV7", "Must"),
	"github.com/gofrs/uuid/v5":          set("NewV1", "NewV4", "NewV6", "NewV7", "Must"),
	"github.com/satori/go.uuid":         set("NewV1", "NewV4", "Must"),
	"github.com/oklog/ulid":             set("New", "MustNew", "Make"),
	"github.com/oklog/ulid/v2":          set("New", "MustNew", "Make", "MustNewDefault"),
	"github.com/rs/xid":                 set("New", "NewWithTime"),
	"github.com/segmentio/ksuid":        set("New", "NewRandom", "NewRandomWithTime"),
	"github.com/lithammer/shortuuid/v4": set("New"),
	"github.com/lithammer/shortuuid/v3": set("New"),
	"github.com/teris-io/shortid":       set("Generate", "MustGenerate"),
	"github.com/jaevor/go-nanoid":       set("Standard", "Canonic"),
	"github.com/matoous/go-nanoid/v2":   set("New", "Generate", "Must", "MustGenerate"),
	"crypto/rand":                       set("Text", "Read", "Int", "Prime"),
	"time":                              set("Now"),
	"github.com/stripe/stripe-go/v82":   set("NewIdempotencyKey"),
	"github.com/stripe/stripe-go/v85":   set("NewIdempotencyKey"),
	"github.com/stripe/stripe-go/v81":   set("NewIdempotencyKey"),
	"github.com/stripe/stripe-go/v76":   set("NewIdempotencyKey"),
}

// randPkgs are packages all of whose package-level functions are random.
var randPkgs = map[string]bool{"math/rand": true, "math/rand/v2": true}

func set(ss ...string) map[string]bool {
	m := make(map[string]bool, len(ss))
	for _, s := range ss {
		m[s] = true
	}
	return m
}

// IsFreshFunc reports whether fn, a package-level function, returns a fresh
// value per the built-in table.
func IsFreshFunc(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
		// Methods of a random source (*rand.Rand).Int and friends.
		return randPkgs[fn.Pkg().Path()] && fn.Name() != "Seed"
	}
	path := fn.Pkg().Path()
	if randPkgs[path] {
		return fn.Name() != "Seed" && fn.Name() != "New" && !strings.HasPrefix(fn.Name(), "New")
	}
	return funcs[path][fn.Name()]
}

// Call reports the fresh source called by call, if its callee is a fresh
// function of the table or one for which extra reports true (facts).
func Call(info *types.Info, call *ast.CallExpr, extra func(*types.Func) bool) (*types.Func, bool) {
	if lit, ok := ast.Unparen(call.Fun).(*ast.FuncLit); ok {
		return litCall(info, lit, extra)
	}
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn == nil {
		return nil, false
	}
	fn = fn.Origin()
	if IsFreshFunc(fn) || (extra != nil && extra(fn)) {
		return fn, true
	}
	return nil, false
}

// litCall reports the fresh source a function literal called where it is
// written returns: every return statement of its own returns, as its
// first result, a call of one (func() string { return uuid.NewString()
// }()).
func litCall(info *types.Info, lit *ast.FuncLit, extra func(*types.Func) bool) (*types.Func, bool) {
	var fn *types.Func
	ok := true
	analysisutil.Inspect(lit.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) == 0 {
				ok = false
				return false
			}
			c, isCall := ast.Unparen(n.Results[0]).(*ast.CallExpr)
			if !isCall {
				ok = false
				return false
			}
			f, fresh := Call(info, c, extra)
			if !fresh {
				ok = false
				return false
			}
			fn = f
		}
		return ok
	})
	return fn, ok && fn != nil
}

// Find returns the first call inside e (e included) that produces a fresh
// value, such as uuid.NewString() in fmt.Sprintf("k-%s", uuid.NewString())
// or time.Now() in time.Now().UnixNano(). Function literals are not entered:
// a closure that makes a key when called is not itself a key. One called
// where it is written is: func() string { return fmt.Sprint(time.Now()) }().
func Find(info *types.Info, e ast.Node, extra func(*types.Func) bool) (*ast.CallExpr, *types.Func) {
	var found *ast.CallExpr
	var fn *types.Func
	var called *ast.FuncLit // the literal of the call just met
	analysisutil.Inspect(e, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return n == called
		case *ast.CallExpr:
			if f, ok := Call(info, n, extra); ok {
				found, fn = n, f
				return false
			}
			if lit, ok := ast.Unparen(n.Fun).(*ast.FuncLit); ok {
				called = lit
			}
		}
		return true
	})
	return found, fn
}
