package analysisutil

import (
	"go/build"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// IsStd reports whether pkg is part of the standard library.
func IsStd(pass *analysis.Pass) bool {
	path := pass.Pkg.Path()
	if i := strings.IndexByte(path, '/'); i >= 0 {
		path = path[:i]
	}
	if strings.Contains(path, ".") || len(pass.Files) == 0 {
		return false
	}
	goroot := build.Default.GOROOT
	if goroot == "" {
		return false
	}
	name := pass.Fset.File(pass.Files[0].Pos()).Name()
	return strings.HasPrefix(name, filepath.Join(goroot, "src")+string(filepath.Separator))
}

// sdkModules are the SDKs whose own packages the passes leave to the
// built-in tables, as they leave the standard library.
var sdkModules = []string{
	"github.com/modelcontextprotocol/go-sdk",
	"github.com/mark3labs/mcp-go",
	// The other Go SDKs (mcpmodel/sdk_*.go, toolcalls/sdk_other.go).
	"github.com/ThinkInAIXYZ/go-mcp",
	"trpc.group/trpc-go/trpc-mcp-go",
	"github.com/metoro-io/mcp-golang",
	"github.com/FreePeak/cortex",
	"github.com/strowk/foxy-contexts",
	"github.com/viant/mcp",
	"github.com/viant/mcp-protocol",
}

// Library reports whether pkg is library code that the built-in tables
// cover, so that no pass need look at its source: the standard library,
// golang.org/x/sys (its system-call layer, which a build of almost any
// program loads: syscall's twin, whose thousands of wrappers say nothing
// the tables do not), and the SDKs' own packages (their tests included)
// but not their example and conformance commands. Under go vet every user's build analyzes the
// SDK it imports; its registrations, calls and effects are the tables'
// business, and what its source would say (JSON-RPC request ids read as
// dedupe keys, transports' HTTP requests as effects) is not a user's.
func Library(pass *analysis.Pass) bool {
	if IsStd(pass) {
		return true
	}
	if pass.Pkg.Name() == "main" {
		return false
	}
	return InModule("golang.org/x/sys", pass.Pkg.Path()) || InSDKModule(pass.Pkg.Path())
}

// InSDKModule reports whether path is a package of an SDK's module.
func InSDKModule(path string) bool {
	for _, mod := range sdkModules {
		if InModule(mod, path) {
			return true
		}
	}
	return false
}
