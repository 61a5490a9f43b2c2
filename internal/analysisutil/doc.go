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
	// Every check runs this at init, and go vet starts mcpvet once per
	// package: the plain form of a doc.go is read without go/parser.
	text, ok := lineCommentDoc(content)
	if !ok {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "", content, parser.ParseComments|parser.PackageClauseOnly)
		if err != nil {
			return "", fmt.Errorf("not a Go source file: %v", err)
		}
		if f.Doc == nil {
			return "", fmt.Errorf("Go source file has no package doc comment")
		}
		text = docText(f.Doc)
	}
	var b strings.Builder
	found := false
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

// lineCommentDoc returns docText of the package doc comment of content
// when that is the common form: "// " line comments (or empty "//" and
// code "//\t" lines) directly above a package clause at the start of a line, with
// no block comment, directive or other code before it. ok is false for
// any other form, which the parser handles.
func lineCommentDoc(content string) (text string, ok bool) {
	lines := strings.Split(content, "\n")
	pkg := -1
	for i, l := range lines {
		if strings.HasPrefix(l, "package ") {
			pkg = i
			break
		}
		if t := strings.TrimSpace(l); t != "" && !strings.HasPrefix(t, "//") {
			return "", false // code or a block comment before the clause
		}
	}
	if pkg <= 0 {
		return "", false
	}
	start := pkg
	for start > 0 && strings.HasPrefix(strings.TrimLeft(lines[start-1], " \t"), "//") {
		start--
	}
	if start == pkg {
		return "", false
	}
	var out []string
	for _, l := range lines[start:pkg] {
		c := strings.TrimPrefix(strings.TrimLeft(l, " \t"), "//")
		switch {
		case c == "", c[0] == '\t': // a code block: kept as it is
		case c[0] == ' ':
			c = c[1:]
		default:
			return "", false // a directive, or "//text": as the parser says
		}
		out = append(out, strings.TrimRight(c, " \t\r"))
	}
	// As ast.CommentGroup.Text: no leading blank lines, one blank line
	// for a run of them, a final newline.
	n := 0
	for _, l := range out {
		if l != "" || n > 0 && out[n-1] != "" {
			out[n] = l
			n++
		}
	}
	out = out[:n]
	if n > 0 && out[n-1] != "" {
		out = append(out, "")
	}
	return "\n" + strings.Join(out, "\n"), true
}
