package effects

import (
	"go/importer"
	"go/token"
	"go/types"
	"strings"
	"testing"
)

// TestPkgOfFullName checks the parse that lets callEffect skip building
// full names: on the catalogue's keys, and on the full names go/types
// gives to the functions and methods (generic ones too) of real packages.
func TestPkgOfFullName(t *testing.T) {
	for _, table := range []map[string]bool{keysOf(stdSinks), knownReads} {
		for full := range table {
			if p := pkgOfFullName(full); p == "" || strings.ContainsAny(p, "()*[] ") {
				t.Errorf("pkgOfFullName(%q) = %q", full, p)
			}
		}
	}
	// Every function the tables name passes callEffect's gate, including
	// the entries init functions add (after package variables are set).
	for _, table := range []map[string]bool{keysOf(stdSinks), knownReads} {
		for full := range table {
			if !tablePkgs()[pkgOfFullName(full)] {
				t.Errorf("callEffect would not look up %q: its package is not in tablePkgs", full)
			}
		}
	}
	imp := importer.Default()
	for _, path := range []string{"net/http", "os", "database/sql", "sync/atomic", "slices", "os/exec"} {
		pkg, err := imp.Import(path)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		check := func(fn *types.Func) {
			n++
			if got := pkgOfFullName(fn.FullName()); got != path {
				t.Errorf("pkgOfFullName(%q) = %q, want %q", fn.FullName(), got, path)
			}
		}
		scope := pkg.Scope()
		for _, name := range scope.Names() {
			switch obj := scope.Lookup(name).(type) {
			case *types.Func:
				check(obj)
			case *types.TypeName:
				if named, ok := obj.Type().(*types.Named); ok {
					for i := 0; i < named.NumMethods(); i++ {
						check(named.Method(i))
					}
				}
			}
		}
		if n == 0 {
			t.Errorf("%s: no functions checked", path)
		}
	}
}

func keysOf[V any](m map[string]V) map[string]bool {
	out := make(map[string]bool, len(m))
	for k := range m {
		out[k] = true
	}
	return out
}

// TestRuleIdempotence checks, for the catalogue's rules of libraries
// whose calls repeat or converge, which is which: the flag that words a
// finding "not marked idempotent" (label the tool) or "not idempotent"
// (check a key).
func TestRuleIdempotence(t *testing.T) {
	for _, c := range []struct {
		path, name string
		idem       bool
	}{
		{"helm.sh/helm/v4/pkg/action", "Install.Run", false},
		{"helm.sh/helm/v4/pkg/action", "ReleaseTesting.Run", false},
		{"helm.sh/helm/v4/pkg/action", "Upgrade.Run", true},
		{"helm.sh/helm/v4/pkg/action", "Package.Run", true},
		{"helm.sh/helm/v3/pkg/action", "Push.Run", true},
		{"helm.sh/helm/v3/pkg/action", "RegistryLogin.Run", true},
		{"github.com/go-delve/delve/service/rpc2", "RPCClient.Step", false},
		{"github.com/go-delve/delve/service/rpc2", "RPCClient.CreateBreakpoint", false},
		{"github.com/go-delve/delve/service/rpc2", "RPCClient.ClearBreakpoint", true},
		{"github.com/go-git/go-git/v5", "Worktree.Commit", false},
		{"github.com/go-git/go-git/v5", "Worktree.Add", true},
		{"github.com/go-git/go-git/v5", "Repository.Push", true},
		{"github.com/go-git/go-git/v5/plumbing/storer", "SetReference", true},
		{"k8s.io/client-go/tools/clientcmd", "ModifyConfig", true},
		{"github.com/Azure/azure-sdk-for-go/sdk/data/azcosmos", "ContainerClient.ExecuteTransactionalBatch", false},
	} {
		found := false
		for _, r := range rulesFor(c.path) {
			if idem, ok := r.names[c.name]; ok {
				found = true
				if idem != c.idem {
					t.Errorf("%s %s: idempotent %v, want %v", c.path, c.name, idem, c.idem)
				}
				break
			}
		}
		if !found {
			t.Errorf("%s %s: no rule names it", c.path, c.name)
		}
	}
}

// TestGotdCall checks how gotd's Telegram client methods are judged by
// the verb after their namespace.
func TestGotdCall(t *testing.T) {
	pkg := types.NewPackage("github.com/gotd/td/tg", "tg")
	client := types.NewNamed(types.NewTypeName(token.NoPos, pkg, "Client", nil), types.NewStruct(nil, nil), nil)
	other := types.NewNamed(types.NewTypeName(token.NoPos, pkg, "Message", nil), types.NewStruct(nil, nil), nil)
	method := func(recv *types.Named, name string) *types.Func {
		sig := types.NewSignatureType(types.NewVar(token.NoPos, pkg, "c", types.NewPointer(recv)), nil, nil, nil, nil, false)
		return types.NewFunc(token.NoPos, pkg, name, sig)
	}
	for _, c := range []struct {
		recv         *types.Named
		name         string
		effect, idem bool
	}{
		{client, "MessagesSendMessage", true, false},
		{client, "MessagesForwardMessages", true, false},
		{client, "MessagesExportChatInvite", true, false},
		{client, "ChannelsEditAdmin", true, true},
		{client, "MessagesDeleteMessages", true, true},
		{client, "MessagesReadHistory", true, true},
		{client, "MessagesGetHistory", false, false},
		{client, "ContactsResolveUsername", false, false},
		{client, "MessagesTranslateText", false, false},
		{client, "UploadSaveFilePart", false, false},
		{client, "Invoke", false, false},
		{other, "MessagesSendMessage", false, false},
	} {
		effect, idem := gotdCall(&site{fn: method(c.recv, c.name)})
		if effect != c.effect || effect && idem != c.idem {
			t.Errorf("%s.%s: effect %v idempotent %v, want %v %v", c.recv.Obj().Name(), c.name, effect, idem, c.effect, c.idem)
		}
	}
}

// TestKiotaEffect checks the judgement of Kiota-generated request
// builders by their method names, on packages built as msgraph-sdk-go's
// and another generator's are (a builder type in a package importing
// Kiota's abstractions), beside a type that is no builder.
func TestKiotaEffect(t *testing.T) {
	abs := types.NewPackage("github.com/microsoft/kiota-abstractions-go", "abstractions")
	graph := types.NewPackage("github.com/microsoftgraph/msgraph-sdk-go/users", "users")
	other := types.NewPackage("example.com/gen/items", "items")
	other.SetImports([]*types.Package{abs})
	plain := types.NewPackage("example.com/plain", "plain")
	method := func(pkg *types.Package, recv, name string) *types.Func {
		tn := types.NewTypeName(token.NoPos, pkg, recv, nil)
		named := types.NewNamed(tn, types.NewStruct(nil, nil), nil)
		sig := types.NewSignatureType(types.NewVar(token.NoPos, pkg, "m", types.NewPointer(named)), nil, nil, nil, nil, false)
		return types.NewFunc(token.NoPos, pkg, name, sig)
	}
	for _, tc := range []struct {
		fn         *types.Func
		ok, effect bool
		method     string
		idem       bool
	}{
		{method(graph, "ItemChatsItemMessagesRequestBuilder", "Post"), true, true, "POST", false},
		{method(graph, "ItemChatsChatItemRequestBuilder", "Get"), true, false, "", false},
		{method(graph, "ItemChatsChatItemRequestBuilder", "Patch"), true, true, "PATCH", false},
		{method(graph, "ItemChatsChatItemRequestBuilder", "Delete"), true, true, "DELETE", true},
		{method(graph, "ItemChatsRequestBuilder", "ByChatId"), true, false, "", false},
		{method(other, "ItemsRequestBuilder", "Put"), true, true, "PUT", true},
		{method(graph, "Chat", "SetTopic"), false, false, "", false},
		{method(plain, "ItemsRequestBuilder", "Post"), false, false, "", false},
	} {
		e, ok := kiotaEffect(tc.fn)
		name := tc.fn.Pkg().Path() + "." + tc.fn.Name()
		if ok != tc.ok || (e != nil) != tc.effect {
			t.Errorf("kiotaEffect(%s) = %v, %v; want effect %v, ok %v", name, e, ok, tc.effect, tc.ok)
			continue
		}
		if e != nil && (e.Kind != kindHTTP || e.Method != tc.method || e.Idempotent != tc.idem) {
			t.Errorf("kiotaEffect(%s) = %s %s idempotent=%v; want %s idempotent=%v", name, e.Kind, e.Method, e.Idempotent, tc.method, tc.idem)
		}
	}
}
