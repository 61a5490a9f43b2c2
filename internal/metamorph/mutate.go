package metamorph

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"strconv"
	"strings"

	"github.com/mcpvet/mcpvet/internal/names"
)

const docMutHints = `mut-hints (a mutation): every constant true given as a tool hint (the
value of a field whose name ends in Hint, or an argument of a call whose
name has Hint in it, directly or through a helper such as ToBoolPtr)
becomes false. The tools' annotations change: so must the findings.`

func mutHints(v *variant, _ string) {
	for _, pkg := range v.p.pkgs {
		info := pkg.TypesInfo
		for _, f := range pkg.Syntax {
			walk(f, func(n ast.Node, stack []ast.Node) bool {
				id, ok := n.(*ast.Ident)
				if !ok || id.Name != "true" {
					return true
				}
				if c, ok := info.Uses[id].(*types.Const); !ok || c.Parent() != types.Universe {
					return true
				}
				for i := len(stack) - 1; i >= 0; i-- {
					hint := false
					switch x := stack[i].(type) {
					case *ast.KeyValueExpr:
						if k, ok := x.Key.(*ast.Ident); ok && strings.HasSuffix(k.Name, "Hint") {
							hint = true
						}
					case *ast.CallExpr:
						if fn := staticCallee(info, x); fn != nil && strings.Contains(fn.Name(), "Hint") {
							hint = true
						}
					case ast.Stmt, *ast.FuncLit:
						i = 0
					}
					if hint {
						v.ed.Replace(id.Pos(), id.End(), "false")
						v.sites++
						break
					}
				}
				return true
			})
		}
	}
}

const docMutNoKey = `mut-nokey (a mutation): every string constant and json tag name that is
a dedupe key's name (internal/names: idempotency_key, Idempotency-Key,
request_id...) becomes an opaque name (opqN): no key is read or sent
any more, so the findings must change.`

func mutNoKey(v *variant, _ string) {
	m := new(names.Matcher)
	opaque := make(map[string]string)
	rename := func(s string) string {
		if o, ok := opaque[s]; ok {
			return o
		}
		o := fmt.Sprintf("opq%d", len(opaque)+1)
		opaque[s] = o
		return o
	}
	for _, pkg := range v.p.pkgs {
		for _, f := range pkg.Syntax {
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.ImportSpec:
					return false
				case *ast.Field:
					if n.Tag == nil {
						return true
					}
					tag, err := strconv.Unquote(n.Tag.Value)
					if err != nil {
						return true
					}
					js, ok := reflect.StructTag(tag).Lookup("json")
					name, rest, _ := strings.Cut(js, ",")
					if ok && name != "" && m.IsKey(name) {
						if rest != "" {
							rest = "," + rest
						}
						nt := strings.Replace(tag, `json:"`+js+`"`, `json:"`+rename(name)+rest+`"`, 1)
						v.ed.Replace(n.Tag.Pos(), n.Tag.End(), "`"+nt+"`")
						v.sites++
					}
					return true
				case *ast.BasicLit:
					if n.Kind != token.STRING {
						return true
					}
					s, err := strconv.Unquote(n.Value)
					if err != nil || !m.IsKey(s) {
						return true
					}
					v.ed.Replace(n.Pos(), n.End(), strconv.Quote(rename(s)))
					v.sites++
				}
				return true
			})
		}
	}
}
