package mcpmodel

import (
	"go/types"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/mcpvet/mcpvet/internal/testenv"
)

// fixtureOf names the fixture module that requires each SDK at its
// pinned version.
var fixtureOf = map[SDK]string{
	GoMCP:     "sdk-gomcp",
	TRPC:      "sdk-trpc",
	MCPGolang: "sdk-mcpgolang",
	Cortex:    "sdk-cortex",
	Foxy:      "sdk-foxy",
	Viant:     "sdk-viant",
}

// TestOtherSDKTables checks every entry of the other SDKs' tables against
// the real module at the version its fixture pins: the function, method
// or type exists, and registrations' argument indexes are in range.
func TestOtherSDKTables(t *testing.T) {
	for _, tab := range otherSDKs {
		t.Run(string(tab.sdk), func(t *testing.T) {
			dir := testenv.Module(t, "../../testdata/"+fixtureOf[tab.sdk])
			pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedTypes, Dir: dir}, tab.paths...)
			if err != nil {
				t.Fatal(err)
			}
			scopes := make(map[string]*types.Scope)
			for _, p := range pkgs {
				if len(p.Errors) > 0 {
					t.Fatalf("%s: %v", p.PkgPath, p.Errors)
				}
				scopes[p.PkgPath] = p.Types.Scope()
			}
			lookup := func(path, recv, name string) *types.Signature {
				sc := scopes[path]
				if sc == nil {
					t.Errorf("%s is not among the table's paths", path)
					return nil
				}
				if recv == "" {
					fn, _ := sc.Lookup(name).(*types.Func)
					if fn == nil {
						t.Errorf("%s.%s: no such function", path, name)
						return nil
					}
					return fn.Type().(*types.Signature)
				}
				tn, _ := sc.Lookup(recv).(*types.TypeName)
				if tn == nil {
					t.Errorf("%s.%s: no such type", path, recv)
					return nil
				}
				obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), true, tn.Pkg(), name)
				fn, _ := obj.(*types.Func)
				if fn == nil {
					t.Errorf("(%s.%s).%s: no such method", path, recv, name)
					return nil
				}
				return fn.Type().(*types.Signature)
			}
			for k, reg := range tab.registrations {
				if reg.sdk != tab.sdk {
					t.Errorf("%v: SDK %s in the table of %s", k, reg.sdk, tab.sdk)
				}
				if sig := lookup(k[0], k[1], k[2]); sig != nil {
					if reg.tool >= sig.Params().Len() || reg.handler >= sig.Params().Len() {
						t.Errorf("%v: arguments %d, %d out of range", k, reg.tool, reg.handler)
					}
					if _, ok := sig.Params().At(reg.handler).Type().Underlying().(*types.Signature); !ok && !types.IsInterface(sig.Params().At(reg.handler).Type()) {
						t.Errorf("%v: argument %d is not a function", k, reg.handler)
					}
				}
			}
			for k, c := range tab.constructors {
				if sig := lookup(k[0], "", k[1]); sig != nil && c.name >= sig.Params().Len() {
					t.Errorf("%v: name argument %d out of range", k, c.name)
				}
				if c.annotations != "" {
					lookup(k[0], "", c.annotations)
				}
			}
			for k := range tab.adapters {
				lookup(k[0], "", k[1])
			}
			for k := range tab.toolTypes {
				if tn, _ := scopes[k[0]].Lookup(k[1]).(*types.TypeName); tn == nil {
					t.Errorf("%v: no such type", k)
				} else if st, ok := tn.Type().Underlying().(*types.Struct); !ok || fieldNamed(st, "Name") == nil {
					t.Errorf("%v: not a struct with a Name field", k)
				} else if (fieldNamed(st, "Annotations") != nil) != tab.sdk.Annotated() {
					t.Errorf("%v: Annotations field and Annotated() disagree", k)
				}
			}
		})
	}
}
