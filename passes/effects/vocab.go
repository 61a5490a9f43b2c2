package effects

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"github.com/mcpvet/mcpvet/internal/names"
)

// Key vocabulary: a dedupe key is read or set only through a name that
// says so — a field named or tagged like a key, a constant string that is
// a key's name, a function or parameter named like one, a function with a
// key fact. A package whose code can reach no such name reads and sets no
// key, and the walks that look for key reads and key slots (noteKey here,
// freshkey's slots) are skipped there: most packages of a build are such
// packages, and those walks cost as much as the effects themselves.
//
// The names a package can reach are its own and those its dependencies
// declare. A package that declares one, outside function bodies, exports
// a Vocab fact; an importer sees the facts of all its dependencies. Its
// function bodies are looked at during the effects walk: a key-valued
// string literal, a local struct type with a key field, and the body is
// walked again for its key reads.

// Vocab is a package fact: the package declares, outside function bodies,
// a name through which a dedupe key can be read or set — a struct field
// named or tagged like a key (or described as one in its schema tag), a
// constant whose value is a key's name, a function or parameter named
// like a key (SetIdempotencyKey, idempotencyKey string).
type Vocab struct{}

func (*Vocab) AFact()         {}
func (*Vocab) String() string { return "vocab" }

// KeyVocabulary reports whether the package can name a dedupe key: it
// declares or reaches a key name (Vocab), sees a key fact of a dependency,
// or has a key-valued literal in its code. Where it is false, no key is
// read or set in the package: passes may skip looking for one.
func (r *Result) KeyVocabulary() bool { return r.vocab || r.localVocab }

// declVocab reports whether the files' top-level declarations, outside
// function bodies, name a key: the names and tags of struct fields, the
// names and parameters of functions, methods and interface methods, the
// values of constants, all in the type syntax of declarations.
func declVocab(info *types.Info, files []*ast.File, m *names.Matcher) bool {
	for _, f := range files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if keyName(m, d.Name.Name) || typeVocab(info, d.Type, m) {
					return true
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						if typeVocab(info, s.Type, m) {
							return true
						}
					case *ast.ValueSpec:
						if s.Type != nil && typeVocab(info, s.Type, m) {
							return true
						}
						if d.Tok == token.CONST && maybeString(s.Values) {
							for _, id := range s.Names {
								if c, ok := info.Defs[id].(*types.Const); ok && c.Val().Kind() == constant.String && m.IsKey(constant.StringVal(c.Val())) {
									return true
								}
							}
						}
					}
				}
			}
		}
	}
	return false
}

// typeVocab reports whether type syntax names a key: a struct field named
// or tagged like one, an interface method or a parameter named like one,
// in t or the types it spells out. Named types are their own
// declarations' business.
func typeVocab(info *types.Info, t ast.Expr, m *names.Matcher) bool {
	fields := func(l *ast.FieldList, tags bool) bool {
		if l == nil {
			return false
		}
		for _, f := range l.List {
			for _, id := range f.Names {
				if keyName(m, id.Name) {
					return true
				}
			}
			if len(f.Names) == 0 && tags { // an embedded field, named by its type
				if id := embeddedName(f.Type); id != nil && keyName(m, id.Name) {
					return true
				}
			}
			if tags && f.Tag != nil {
				if tag, ok := analysisutil.ConstString(info, f.Tag); ok && (m.IsKey(names.JSONName(tag)) || names.DescribesKey(tag)) {
					return true
				}
			}
			if typeVocab(info, f.Type, m) {
				return true
			}
		}
		return false
	}
	switch t := t.(type) {
	case *ast.StructType:
		return fields(t.Fields, true)
	case *ast.InterfaceType:
		return fields(t.Methods, false)
	case *ast.FuncType:
		return fields(t.Params, false)
	case *ast.StarExpr:
		return typeVocab(info, t.X, m)
	case *ast.ArrayType:
		return typeVocab(info, t.Elt, m)
	case *ast.MapType:
		return typeVocab(info, t.Key, m) || typeVocab(info, t.Value, m)
	case *ast.ChanType:
		return typeVocab(info, t.Value, m)
	case *ast.Ellipsis:
		return typeVocab(info, t.Elt, m)
	case *ast.ParenExpr:
		return typeVocab(info, t.X, m)
	}
	return false
}

// embeddedName returns the identifier an embedded field is named by:
// T, *T, pkg.T, T[P].
func embeddedName(t ast.Expr) *ast.Ident {
	for {
		switch x := t.(type) {
		case *ast.Ident:
			return x
		case *ast.SelectorExpr:
			return x.Sel
		case *ast.StarExpr:
			t = x.X
		case *ast.IndexExpr:
			t = x.X
		case *ast.IndexListExpr:
			t = x.X
		default:
			return nil
		}
	}
}

// varsVocab reports whether the values of the files' package-level
// variables (function literals included) name a key.
func varsVocab(info *types.Info, files []*ast.File, m *names.Matcher) bool {
	for _, f := range files {
		for _, d := range f.Decls {
			if d, ok := d.(*ast.GenDecl); ok && d.Tok == token.VAR {
				for _, s := range d.Specs {
					for _, v := range s.(*ast.ValueSpec).Values {
						if syntaxVocab(info, v, m) {
							return true
						}
					}
				}
			}
		}
	}
	return false
}

// syntaxVocab reports whether n names a key anywhere inside: a string
// literal or constant expression whose value is a key's name, or type
// syntax that does (typeVocab). The positional string elements of a
// composite literal are passed over: a key is read or set through an
// index, a call's argument or a keyed element, never through one of them
// (and tables of such strings are the largest variables of many packages).
func syntaxVocab(info *types.Info, n ast.Node, m *names.Matcher) bool {
	found := false
	analysisutil.InspectNoIdents(n, func(n ast.Node) bool {
		if found {
			return false
		}
		if lit, ok := n.(*ast.CompositeLit); ok {
			found = litVocab(info, lit, m)
			return false
		}
		found = bodyVocab(info, n, m)
		return !found && !analysisutil.TypeSyntax(n)
	})
	return found
}

// funcsVocab reports whether the body of a function declaration names a
// key by itself (bodyVocab), as computeLocal's walk of the same bodies
// would find it (Result.localVocab): the walk without the effects.
func funcsVocab(info *types.Info, files []*ast.File, m *names.Matcher) bool {
	found := false
	visit := func(n ast.Node) bool {
		if found {
			return false
		}
		switch n.(type) {
		case *ast.CallExpr:
			return true
		case *ast.BasicLit, *ast.BinaryExpr, *ast.ArrayType, *ast.MapType, *ast.ChanType, *ast.FuncType, *ast.StructType, *ast.InterfaceType:
			found = bodyVocab(info, n, m)
		}
		return !found && !analysisutil.TypeSyntax(n)
	}
	for _, f := range files {
		for _, d := range f.Decls {
			if d, ok := d.(*ast.FuncDecl); ok && d.Body != nil {
				if _, ok := info.Defs[d.Name].(*types.Func); ok {
					analysisutil.InspectNoIdents(d.Body, visit)
					if found {
						return true
					}
				}
			}
		}
	}
	return false
}

// litVocab is syntaxVocab for a composite literal, without a walk of its
// own for the elements that are literals: tables of them are large.
func litVocab(info *types.Info, lit *ast.CompositeLit, m *names.Matcher) bool {
	if lit.Type != nil && typeVocab(info, lit.Type, m) {
		return true
	}
	elem := func(e ast.Expr) bool {
		switch e := e.(type) {
		case *ast.BasicLit:
			return bodyVocab(info, e, m)
		case *ast.Ident:
			return false
		case *ast.CompositeLit:
			return litVocab(info, e, m)
		}
		return syntaxVocab(info, e, m)
	}
	for _, e := range lit.Elts {
		switch e := e.(type) {
		case *ast.BasicLit:
			// positional: never a key's name
		case *ast.KeyValueExpr:
			if elem(e.Key) || elem(e.Value) {
				return true
			}
		default:
			if elem(e) {
				return true
			}
		}
	}
	return false
}

// bodyVocab reports whether n, a node of a function body that the
// effects walk visits, names a key by itself: a key-valued string
// literal or constant expression, or type syntax (a local struct type)
// with a key name inside.
func bodyVocab(info *types.Info, n ast.Node, m *names.Matcher) bool {
	switch n := n.(type) {
	case *ast.BasicLit:
		if n.Kind == token.STRING {
			s, ok := analysisutil.ConstString(info, n)
			return ok && m.IsKey(s)
		}
	case *ast.BinaryExpr:
		return constKey(info, n, m)
	case *ast.ArrayType, *ast.MapType, *ast.ChanType, *ast.FuncType, *ast.StructType, *ast.InterfaceType:
		return typeVocab(info, n.(ast.Expr), m)
	}
	return false
}

// constKey reports whether a string concatenation of constants has a
// key's name as its value.
func constKey(info *types.Info, e *ast.BinaryExpr, m *names.Matcher) bool {
	if e.Op != token.ADD || !maybeString([]ast.Expr{e.X, e.Y}) {
		return false
	}
	s, ok := analysisutil.ConstString(info, e)
	return ok && m.IsKey(s)
}

// maybeString reports whether the values may include a constant string,
// by their syntax alone: not when each is a number literal (iota's
// constants, i+1).
func maybeString(values []ast.Expr) bool {
	for _, v := range values {
		if lit, ok := ast.Unparen(v).(*ast.BasicLit); !ok || lit.Kind == token.STRING {
			return true
		}
	}
	return false
}

// keyName reports whether an identifier names a key, alone or after the
// prefix of a setter (SetIdempotencyKey, WithIdempotencyKey).
func keyName(m *names.Matcher, name string) bool {
	if m.IsKey(name) {
		return true
	}
	for _, p := range []string{"Set", "With"} {
		if rest, ok := strings.CutPrefix(name, p); ok && m.IsKey(rest) {
			return true
		}
	}
	return false
}

// exportVocab exports the package's Vocab fact if its declarations name
// a key, and reports whether they do. Cheap: no function body is looked
// at.
func exportVocab(pass *analysis.Pass, m *names.Matcher) bool {
	if declVocab(pass.TypesInfo, pass.Files, m) {
		pass.ExportPackageFact(new(Vocab))
		return true
	}
	return false
}

// importedVocab reports whether a dependency declares a key name (its
// Vocab fact) or has a KeyRead fact, which a call reads a key through.
// r's facts must have been imported.
func (r *Result) importedVocab(pass *analysis.Pass) bool {
	if len(r.keyReads) > 0 {
		return true
	}
	for _, f := range pass.AllPackageFacts() {
		if _, ok := f.Fact.(*Vocab); ok {
			return true
		}
	}
	return false
}
