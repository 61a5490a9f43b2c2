package effects_test

import (
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcpvet/mcpvet/internal/testenv"
	"github.com/mcpvet/mcpvet/passes/effects"
)

// TestFacts checks the facts across upstream, middle and downstream
// packages: effects travel up the import graph.
func TestFacts(t *testing.T) {
	dir := testenv.Module(t, "../../testdata/effects")
	analysistest.Run(t, dir, effects.Analyzer, "./...")
}

// TestLibrary checks which packages the passes leave to the built-in
// tables: the SDKs' own packages and their tests, but not their commands
// (examples, conformance clients) nor modules that only share a prefix.
func TestLibrary(t *testing.T) {
	for _, c := range []struct {
		path, name string
		want       bool
	}{
		{"github.com/modelcontextprotocol/go-sdk/mcp", "mcp", true},
		{"github.com/modelcontextprotocol/go-sdk/mcp_test", "mcp_test", true},
		{"github.com/modelcontextprotocol/go-sdk/internal/jsonrpc2", "jsonrpc2", true},
		{"github.com/modelcontextprotocol/go-sdk/examples/server/hello", "main", false},
		{"github.com/mark3labs/mcp-go/server", "server", true},
		{"github.com/mark3labs/mcp-go/client/transport", "transport", true},
		{"github.com/mark3labs/mcp-go/examples/everything", "main", false},
		{"github.com/mark3labs/mcp-go-extras/server", "server", false},
		{"github.com/mark3labs/mcp-filesystem-server/filesystemserver", "filesystemserver", false},
		{"example.com/shop", "shop", false},
	} {
		pass := &analysis.Pass{Pkg: types.NewPackage(c.path, c.name), Fset: token.NewFileSet()}
		if got := effects.Library(pass); got != c.want {
			t.Errorf("Library(%s) = %v, want %v", c.path, got, c.want)
		}
	}
}

// TestHTTPFacts checks the HTTP facts on a REST SDK in a module of its
// own: a builder and a sender, action methods, a generated client, a
// go-swagger client, an RPC client, and a user in another package.
func TestHTTPFacts(t *testing.T) {
	dir := testenv.Module(t, "../../testdata/effects/restsdk")
	analysistest.Run(t, dir, effects.Analyzer, "./...")
}
