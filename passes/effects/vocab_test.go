package effects

import (
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/mcpvet/mcpvet/internal/names"
)

// TestStdVocab checks what run relies on to skip the standard library's
// declarations: no package of it declares a built-in key name.
func TestStdVocab(t *testing.T) {
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo}
	pkgs, err := packages.Load(cfg, "std")
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) < 100 {
		t.Fatalf("loaded %d packages of std", len(pkgs))
	}
	header := names.NewMatcher([]string{"Header"}) // the control: net/http's Request.Header
	control := false
	for _, p := range pkgs {
		if len(p.Errors) > 0 {
			t.Fatalf("%s: %v", p.PkgPath, p.Errors[0])
		}
		if declVocab(p.TypesInfo, p.Syntax, nil) {
			t.Errorf("%s declares a key name: run must not skip the standard library", p.PkgPath)
		}
		if p.PkgPath == "net/http" {
			control = declVocab(p.TypesInfo, p.Syntax, header)
		}
	}
	if !control {
		t.Errorf("declVocab does not find the configured key name Header in net/http")
	}
}
