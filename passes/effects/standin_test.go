package effects

import (
	"go/token"
	"go/types"
	"testing"
)

// TestTestDouble checks which types are test doubles by their name or
// by holding a *testing.T.
func TestTestDouble(t *testing.T) {
	pkg := types.NewPackage("example.com/store", "store")
	testing := types.NewPackage("testing", "testing")
	tT := types.NewNamed(types.NewTypeName(token.NoPos, testing, "T", nil), types.NewStruct(nil, nil), nil)
	named := func(name string, fields ...*types.Var) types.Type {
		return types.NewNamed(types.NewTypeName(token.NoPos, pkg, name, nil), types.NewStruct(fields, nil), nil)
	}
	inPkg := func(pkgName, name string) types.Type {
		p := types.NewPackage("example.com/"+pkgName, pkgName)
		return types.NewNamed(types.NewTypeName(token.NoPos, p, name, nil), types.NewStruct(nil, nil), nil)
	}
	field := func(name string, typ types.Type) *types.Var {
		return types.NewField(token.NoPos, pkg, name, typ, false)
	}
	for _, c := range []struct {
		typ  types.Type
		want bool
	}{
		{named("Mock"), true},
		{named("Stub"), true},
		{named("MockShellExecutor"), true},
		{named("fakeStore"), true},
		{types.NewPointer(named("StubClient")), true},
		{named("Recorder", field("T", types.NewPointer(tT))), true},
		{named("mock"), false},     // not a name a double is given alone
		{named("Mockery"), false},  // a word that starts like one
		{named("Stubborn"), false}, // likewise
		{named("FileOutbox", field("Path", types.Typ[types.String])), false},
		{inPkg("demo", "Tickets"), true},     // a demo mode's backend
		{inPkg("mock_store", "Store"), true}, // gomock's
		{inPkg("memstore", "Store"), false},  // an in-memory store is a backend
		{inPkg("test", "Store"), false},      // not a name of the convention
		{inPkg("latest", "Store"), false},    // not storetest's convention: a word
	} {
		if got := testDouble(c.typ); got != c.want {
			t.Errorf("testDouble(%s) = %v, want %v", c.typ, got, c.want)
		}
	}
}
