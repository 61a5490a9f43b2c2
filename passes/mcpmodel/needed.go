package mcpmodel

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/packages"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"github.com/mcpvet/mcpvet/passes/effects"
)

// Needed returns the packages, among pkgs and their dependencies, whose
// functions' effects a check can ask about: every package that can
// register or call a tool, and every package such a package imports,
// directly or not, but through an SDK's package (whose API the
// catalogue describes). A package can register or call a tool (Model.MCP)
// when it imports a package of an SDK's module, or declares its own tool
// types or imports one that does; Needed takes those conditions through
// any number of imports, a superset. A driver that loads the whole build
// before it analyzes any package (the standalone command) gives the
// result to effects.SetNeeded. Packages whose type information is
// missing count as needed; packages of dependency modules that only
// tests import (analysisutil.TestOnly) do not.
func Needed(pkgs []*packages.Package) map[*types.Package]bool {
	mcp := make(map[*packages.Package]bool)
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		// Visit calls post for a package after its imports.
		m := effects.InSDKModule(p.PkgPath) || p.Types == nil || p.TypesInfo == nil || declaresToolTypes(p.Syntax, p.TypesInfo) || servesJSONRPC(p.Syntax, p.TypesInfo)
		for _, imp := range p.Imports {
			m = m || mcp[imp]
		}
		mcp[p] = m
	})
	needed := make(map[*types.Package]bool)
	seen := make(map[*packages.Package]bool)
	testOnly := analysisutil.TestOnly(pkgs)
	var mark func(p *packages.Package)
	mark = func(p *packages.Package) {
		if seen[p] || testOnly[p] {
			return
		}
		seen[p] = true
		if p.Types != nil {
			needed[p.Types] = true
		}
		if p.Name != "main" && effects.InSDKModule(p.PkgPath) {
			// The checks ask an SDK's package nothing of its imports
			// (the catalogue describes its API): a JWT or JSON
			// library only the SDK imports is not needed.
			return
		}
		for _, imp := range p.Imports {
			mark(imp)
		}
	}
	for p, m := range mcp {
		if m {
			mark(p)
		}
	}
	return needed
}

// declaresToolTypes reports whether the files declare, at package level,
// a struct type with an IdempotentHint field. It reads the type
// declarations of the syntax rather than the sorted names of the scope:
// it runs on every package of a build.
func declaresToolTypes(files []*ast.File, info *types.Info) bool {
	for _, f := range files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, spec := range gd.Specs {
				tn, ok := info.Defs[spec.(*ast.TypeSpec).Name].(*types.TypeName)
				if !ok {
					continue
				}
				if st, ok := tn.Type().Underlying().(*types.Struct); ok && fieldNamed(st, "IdempotentHint") != nil {
					return true
				}
			}
		}
	}
	return false
}
