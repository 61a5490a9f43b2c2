package metamorph

import (
	"fmt"
	"go/types"
	"strings"
)

const docWrapGeneric = `wrap-generic: a handler (a function value handed to an MCP SDK, see
handlerSites) passes through a generic identity helper,
func mmWrap[H any](h H) H { return h }, declared once per package.
Applies to every handler site.`

func wrapGeneric(v *variant, _ string) {
	sites := v.handlerSites()
	for i := len(sites) - 1; i >= 0; i-- {
		s := sites[i]
		text := v.ed.Text(s.e.Pos(), s.e.End())
		v.ed.Replace(s.e.Pos(), s.e.End(), "mmWrap("+text+")")
		if key := "wrap " + s.pkg.PkgPath; !v.once[key] {
			v.once[key] = true
			v.ed.Append(s.file.Pos(), "func mmWrap[H any](h H) H { return h }")
		}
		v.sites++
	}
}

const docWrapMiddleware = `wrap-middleware: a handler is wrapped by a middleware built from its
type, func mmMWN(next T) T { return func(p0 P0, ...) (R...) { return
next(p0, ...) } }, which calls it with the same arguments and returns its
results. Applies to every handler site whose type the file can name.`

func wrapMiddleware(v *variant, _ string) {
	sites := v.handlerSites()
	for i := len(sites) - 1; i >= 0; i-- {
		s := sites[i]
		n := v.namer(s.pkg, s.file)
		t, ok := n.typeString(s.typ())
		if !ok {
			v.skip("type cannot be named")
			continue
		}
		sig := s.typ().Underlying().(*types.Signature)
		var params, args []string
		for j := 0; j < sig.Params().Len(); j++ {
			pt := sig.Params().At(j).Type()
			name := fmt.Sprintf("p%d", j)
			if sig.Variadic() && j == sig.Params().Len()-1 {
				et, _ := n.typeString(pt.(*types.Slice).Elem())
				params = append(params, name+" ..."+et)
				args = append(args, name+"...")
				continue
			}
			ps, _ := n.typeString(pt)
			params = append(params, name+" "+ps)
			args = append(args, name)
		}
		var results []string
		for j := 0; j < sig.Results().Len(); j++ {
			rs, _ := n.typeString(sig.Results().At(j).Type())
			results = append(results, rs)
		}
		res := strings.Join(results, ", ")
		if len(results) > 1 {
			res = "(" + res + ")"
		}
		name := v.fresh("mmMW")
		text := v.ed.Text(s.e.Pos(), s.e.End())
		v.ed.Replace(s.e.Pos(), s.e.End(), name+"("+text+")")
		v.ed.Append(s.file.Pos(), fmt.Sprintf("func %s(next %s) %s {\n\treturn func(%s) %s {\n\t\treturn next(%s)\n\t}\n}",
			name, t, t, strings.Join(params, ", "), res, strings.Join(args, ", ")))
		v.sites++
	}
}
