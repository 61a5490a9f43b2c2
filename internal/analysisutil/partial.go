package analysisutil

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// Partial code. The checks run on packages that do not type-check
// (RunDespiteErrors): a dependency module that cannot be downloaded, a
// vendored tree with files missing. Where types are missing a check
// cannot see everything: an unresolved call may be the read of a dedupe
// key or a read-back whose absence a check reports. So in a package with
// type errors a finding is reported only when the function declaration
// around it type-checked completely; the command says once per package
// that it was checked partially.
//
// Not covered: the facts of a dependency that did not type-check. A
// function there whose dedupe-key check lies in the untyped part exports
// an Effect fact without KeyChecked, and a handler that calls it from
// code that type-checks is reported. Skipping such facts is the effects
// block's to decide.

// untyped returns the ranges of the function declarations of the
// package that did not type-check: they hold
// a type error, or a call or selector expression that go/types could not
// type (an expression that uses a package that could not be imported is
// not recorded, and gives no error of its own). It returns nil at once
// for a package without type errors.
func untyped(pass *analysis.Pass) [][2]token.Pos {
	return Untyped(pass.Fset, pass.Files, pass.TypesInfo, pass.TypeErrors)
}

// Untyped is untyped for a package loaded otherwise (mcpvet tools).
func Untyped(fset *token.FileSet, files []*ast.File, info *types.Info, typeErrors []types.Error) [][2]token.Pos {
	if len(typeErrors) == 0 || info == nil {
		return nil
	}
	var ranges [][2]token.Pos
	errAt := func(from, to token.Pos) bool {
		for _, e := range typeErrors {
			if e.Fset == fset && from <= e.Pos && e.Pos < to {
				return true
			}
		}
		return false
	}
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			if errAt(fd.Pos(), fd.End()) || hasUntyped(info, fd) {
				ranges = append(ranges, [2]token.Pos{fd.Pos(), fd.End()})
			}
		}
	}
	return ranges
}

// In reports whether pos lies in one of the ranges.
func In(ranges [][2]token.Pos, pos token.Pos) bool {
	for _, rg := range ranges {
		if rg[0] <= pos && pos < rg[1] {
			return true
		}
	}
	return false
}

// hasUntyped reports whether n holds a call or selector expression that
// go/types did not type.
func hasUntyped(info *types.Info, n ast.Node) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		if found {
			return false
		}
		switch x := x.(type) {
		case *ast.CallExpr, *ast.SelectorExpr:
			tv, ok := info.Types[x.(ast.Expr)]
			if !ok || tv.Type == nil || tv.Type == types.Typ[types.Invalid] {
				found = true
			}
		}
		return !found
	})
	return found
}
