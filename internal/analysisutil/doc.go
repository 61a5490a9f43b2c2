package analysisutil

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
)

// MustExtractDoc returns the documentation of the analyzer called name
// from the package doc comment of the doc.go source content: the text
// after the "# Analyzer name" heading, up to the next heading of the same
// level. The first line must be "name: title".
//
// Adapted from golang.org/x/tools/internal/analysis/analyzerutil
// (extractdoc.go), which cannot be imported.
func MustExtractDoc(content, name string) string {
	doc, err := ExtractDoc(content, name)
	if err != nil {
		panic(err)
	}
	return doc
}

// ExtractDoc is MustExtractDoc with an error.
func ExtractDoc(content, name string) (string, error) {
	if content == "" {
		return "", fmt.Errorf("empty Go source file")
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", content, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		return "", fmt.Errorf("not a Go source file: %v", err)
	}
	if f.Doc == nil {
		return "", fmt.Errorf("Go source file has no package doc comment")
	}
	var b strings.Builder
	found := false
	text := docText(f.Doc)
	for _, section := range strings.Split(text, "\n# ")[1:] {
		if body, ok := strings.CutPrefix(section, "Analyzer "+name); ok {
			body = strings.TrimLeft(body, " \t")
			if !strings.HasPrefix(body, "\n") {
				continue
			}
			body = strings.TrimSpace(body)
			rest := strings.TrimPrefix(body, name+":")
			if rest == body {
				return "", fmt.Errorf("Analyzer %q heading not followed by \"%s: summary...\" line", name, name)
			}
			b.WriteString(strings.TrimSpace(rest))
			found = true
			break
		}
	}
	if !found {
		return "", fmt.Errorf("package doc comment contains no 'Analyzer %s' heading", name)
	}
	return b.String(), nil
}

func docText(cg *ast.CommentGroup) string {
	// CommentGroup.Text drops the "//" markers and directive lines but
	// keeps headings and indentation, which is what help output wants.
	return "\n" + cg.Text()
}
