package analysisutil

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"testing"
)

// TestLineCommentDoc checks the parser-free reading of a package doc
// comment against go/parser, on every doc.go of the checks and on forms
// it must leave to the parser.
func TestLineCommentDoc(t *testing.T) {
	files, err := filepath.Glob("../../passes/*/doc.go")
	if err != nil || len(files) < 5 {
		t.Fatalf("doc.go files: %v, %v", files, err)
	}
	srcs := map[string]string{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		srcs[f] = string(b)
	}
	srcs["blank lines"] = "//go:build ignore\n\n// Package p does.\n//\n//\n// More.  \n//\n\npackage p\n"
	srcs["directive"] = "// Package p does.\n//go:generate x\npackage p\n"
	srcs["block"] = "/* Package p does. */\npackage p\n"
	srcs["detached"] = "// Not a doc comment.\n\npackage p\n"
	srcs["no space"] = "//Package p does.\npackage p\n"
	for name, src := range srcs {
		f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.ParseComments|parser.PackageClauseOnly)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := lineCommentDoc(src)
		switch {
		case !ok:
			if filepath.Base(name) == "doc.go" {
				t.Errorf("%s: a check's doc.go is left to the parser", name)
			}
		case f.Doc == nil:
			t.Errorf("%s: lineCommentDoc found %q, the parser no doc comment", name, got)
		case got != docText(f.Doc):
			t.Errorf("%s: lineCommentDoc = %q, want %q", name, got, docText(f.Doc))
		}
	}
}
