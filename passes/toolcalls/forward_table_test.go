package toolcalls

import (
	"go/types"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/mcpvet/mcpvet/internal/testenv"
)

// TestListToolsTable checks the listing entries against the real modules:
// go-sdk v1.8.0 and mcp-go v1.2.1 (testdata/tools), and mcp-go v0.20.1
// for its per-transport clients (testdata/mcpgo-v0.20). Each method exists
// and returns the tools.
func TestListToolsTable(t *testing.T) {
	scopes := make(map[string]map[string]*types.Scope) // module → package → scope
	for _, mod := range []string{"tools", "mcpgo-v0.20"} {
		dir := testenv.Module(t, "../../testdata/"+mod)
		paths := []string{mcpGoClient}
		if mod == "tools" {
			paths = append(paths, goSDK)
		}
		pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedTypes, Dir: dir}, paths...)
		if err != nil || len(pkgs) != len(paths) {
			t.Fatalf("%s: %v %v", mod, err, pkgs)
		}
		scopes[mod] = make(map[string]*types.Scope)
		for _, p := range pkgs {
			if len(p.Errors) > 0 {
				t.Fatalf("%s: %v", p.PkgPath, p.Errors)
			}
			scopes[mod][p.PkgPath] = p.Types.Scope()
		}
	}
	for k := range listTools {
		mod := "tools"
		if k[1] == "StdioMCPClient" || k[1] == "SSEMCPClient" {
			mod = "mcpgo-v0.20"
		}
		tn, _ := scopes[mod][k[0]].Lookup(k[1]).(*types.TypeName)
		if tn == nil {
			t.Errorf("%v: no such type in %s", k, mod)
			continue
		}
		recv := tn.Type()
		if !types.IsInterface(recv) {
			recv = types.NewPointer(recv)
		}
		obj, _, _ := types.LookupFieldOrMethod(recv, true, tn.Pkg(), k[2])
		fn, _ := obj.(*types.Func)
		if fn == nil {
			t.Errorf("%v: no such method in %s", k, mod)
			continue
		}
		if sig := fn.Type().(*types.Signature); sig.Results().Len() == 0 {
			t.Errorf("%v: returns nothing", k)
		}
	}
}
