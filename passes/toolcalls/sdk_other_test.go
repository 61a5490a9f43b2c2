package toolcalls

import (
	"go/types"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/mcpvet/mcpvet/internal/testenv"
)

// TestOtherSDKTables checks the other SDKs' client entries against the
// real modules at the versions their fixtures pin: each method exists,
// and the argument that carries the name or request is in range.
func TestOtherSDKTables(t *testing.T) {
	fixture := map[string]string{goMCPClient: "sdk-gomcp", goMCPProtocol: "sdk-gomcp", trpcMCP: "sdk-trpc", mcpGolang: "sdk-mcpgolang", viantClient: "sdk-viant", viantSchema: "sdk-viant"}
	scopes := make(map[string]*types.Scope)
	for path, mod := range fixture {
		dir := testenv.Module(t, "../../testdata/"+mod)
		pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedTypes, Dir: dir}, path)
		if err != nil || len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
			t.Fatalf("%s: %v %v", path, err, pkgs)
		}
		scopes[path] = pkgs[0].Types.Scope()
	}
	method := func(k [3]string) *types.Signature {
		sc := scopes[k[0]]
		if sc == nil {
			t.Errorf("%v: package not loaded", k)
			return nil
		}
		if k[1] == "" {
			fn, _ := sc.Lookup(k[2]).(*types.Func)
			if fn == nil {
				t.Errorf("%v: no such function", k)
				return nil
			}
			return fn.Type().(*types.Signature)
		}
		tn, _ := sc.Lookup(k[1]).(*types.TypeName)
		if tn == nil {
			t.Errorf("%v: no such type", k)
			return nil
		}
		recv := tn.Type()
		if !types.IsInterface(recv) {
			recv = types.NewPointer(recv)
		}
		obj, _, _ := types.LookupFieldOrMethod(recv, true, tn.Pkg(), k[2])
		fn, _ := obj.(*types.Func)
		if fn == nil {
			t.Errorf("%v: no such method", k)
			return nil
		}
		return fn.Type().(*types.Signature)
	}
	for k, shape := range otherCallTools {
		sig := method(k)
		if sig == nil {
			continue
		}
		if shape.params >= sig.Params().Len() || shape.name >= sig.Params().Len() {
			t.Errorf("%v: arguments out of range", k)
			continue
		}
		if shape.name >= 0 {
			if b, ok := sig.Params().At(shape.name).Type().(*types.Basic); !ok || b.Kind() != types.String {
				t.Errorf("%v: argument %d is not the name string", k, shape.name)
			}
		}
	}
	for k := range otherReadBacks {
		method(k)
	}
	for k, i := range requestCtors {
		if sig := method([3]string{k[0], "", k[1]}); sig != nil && i >= sig.Params().Len() {
			t.Errorf("%v: name argument out of range", k)
		}
	}
}
