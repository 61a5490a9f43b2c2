package analysisutil

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"
)

// ConstString returns the value of e when it is a constant string
// expression: a literal, a named constant (plain or package-qualified),
// a concatenation or conversion of constants.
//
// It is called on every argument of every call by passes that run on
// each package of a build, so it rules out by syntax the expressions
// that cannot be constant strings, and resolves identifiers through
// Uses, before the costlier lookup in Types.
func ConstString(info *types.Info, e ast.Expr) (string, bool) {
	var v constant.Value
	switch x := ast.Unparen(e).(type) {
	case *ast.BasicLit:
		if x.Kind != token.STRING {
			return "", false
		}
		// Without escapes (or carriage returns, which raw strings drop)
		// the value is the literal between its quotes.
		if lit := x.Value; len(lit) >= 2 && !strings.ContainsAny(lit, "\\\r") {
			return lit[1 : len(lit)-1], true
		}
		v = typesValue(info, x)
	case *ast.Ident:
		c, ok := info.Uses[x].(*types.Const)
		if !ok {
			return "", false
		}
		v = c.Val()
	case *ast.SelectorExpr:
		c, ok := info.Uses[x.Sel].(*types.Const)
		if !ok {
			return "", false
		}
		v = c.Val()
	case *ast.BinaryExpr:
		if x.Op != token.ADD {
			return "", false
		}
		v = typesValue(info, x)
	case *ast.CallExpr:
		// string(name), T(name), min/max of constants.
		if len(x.Args) == 0 {
			return "", false
		}
		v = typesValue(info, x)
	default:
		return "", false
	}
	if v == nil || v.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(v), true
}

func typesValue(info *types.Info, e ast.Expr) constant.Value {
	if tv, ok := info.Types[e]; ok {
		return tv.Value
	}
	return nil
}

// MayTakeString reports whether argument i of a call with these
// parameters can be a constant string: its parameter is of a string,
// interface or type-parameter type (or the call passes more arguments
// than the signature has, as a conversion's or a builtin's would).
func MayTakeString(params *types.Tuple, variadic bool, i int) bool {
	n := params.Len()
	if n == 0 {
		return true
	}
	var t types.Type
	switch {
	case variadic && i >= n-1:
		s, ok := params.At(n - 1).Type().Underlying().(*types.Slice)
		if !ok {
			return true // append([]byte, string...)
		}
		t = s.Elem()
	case i < n:
		t = params.At(i).Type()
	default:
		return true
	}
	switch u := t.Underlying().(type) { // a type parameter's is its constraint
	case *types.Basic:
		return u.Info()&types.IsString != 0
	case *types.Interface:
		return true
	}
	return false
}

// IsString reports whether t is a string type (nil is not).
func IsString(t types.Type) bool {
	if t == nil {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}
