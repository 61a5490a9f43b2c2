package analysisutil

import "go/ast"

// TypeSyntax reports whether n is the syntax of a composite type (array,
// map, channel, function, struct or interface type): nothing under it
// calls a function, reads a variable or sets a field, so walks that look
// for those need not enter it. (An array length is a constant.)
func TypeSyntax(n ast.Node) bool {
	switch n.(type) {
	case *ast.ArrayType, *ast.MapType, *ast.ChanType, *ast.FuncType, *ast.StructType, *ast.InterfaceType:
		return true
	}
	return false
}
