package valueflow

import (
	"go/types"
	"sync/atomic"

	"golang.org/x/tools/go/packages"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
)

// summarized is the set given to SetSummarized, or nil.
var summarized atomic.Pointer[map[*types.Package]bool]

// SetSummarized records the packages of the build whose functions'
// summaries an importer can use (Summarized), for the analyses started
// after it, until it is called again (nil: every package). Like
// analysisutil.SetNeeded, only a driver that knows every package of the
// build before it analyzes any may call it: the standalone command.
func SetSummarized(set map[*types.Package]bool) {
	if set == nil {
		summarized.Store(nil)
		return
	}
	summarized.Store(&set)
}

func isSummarized(pkg *types.Package) bool {
	set := summarized.Load()
	return set == nil || (*set)[pkg]
}

// Summarized returns the packages, among pkgs and their dependencies,
// whose FuncSummary facts an importer can use: the packages of the
// modules being analyzed (the main module, a module replaced by a local
// directory, packages outside any module), the packages that build
// requests (buildsRequests: they import an MCP SDK, net/http, os/exec or
// database/sql), and the packages those import directly, but for an
// SDK's packages, which the engine does not run on (consumer). What is left
// are the leaf packages of dependency modules that only other such
// leaves import (golang.org/x/sys/unix under x/text and a YAML parser):
// no value a consumer follows passes through them into a request, a
// command or a registration, and summarizing their functions was most of
// the engine's cost on a build. A value that does (a constant handed
// through two leaf packages of dependency modules) is Unknown, as it is
// for a package whose summary went over its budget.
//
// Nor are the packages of dependency modules that only tests import
// (analysisutil.TestOnly: testify builds HTTP requests in its helpers).
func Summarized(pkgs []*packages.Package) map[*types.Package]bool {
	builds := make(map[*packages.Package]bool)
	out := make(map[*types.Package]bool)
	testOnly := analysisutil.TestOnly(pkgs)
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		// Visit calls post for a package after its imports.
		b := requestPath(p.PkgPath)
		for _, imp := range p.Imports {
			b = b || builds[imp]
		}
		builds[p] = b
		if p.Types == nil || !(b || local(p)) || testOnly[p] {
			return
		}
		out[p.Types] = true
		if !consumer(p) {
			return // it asks no summary of its imports
		}
		for _, imp := range p.Imports {
			if imp.Types != nil && !testOnly[imp] {
				out[imp.Types] = true
			}
		}
	})
	return out
}

// consumer reports whether the engine runs on p and asks its imports'
// summaries: not a package of an SDK's module, for which the checks and
// the engine have tables (analysisutil.Library), unless it is a
// command (an SDK's examples). An SDK's own imports (a JWT or JSON
// library) are summarized only where a package that is not an SDK's
// imports them too.
func consumer(p *packages.Package) bool {
	return p.Name == "main" || !analysisutil.InSDKModule(p.PkgPath)
}

// local reports whether p belongs to a module being worked on rather
// than one fetched as a dependency.
func local(p *packages.Package) bool {
	m := p.Module
	return m == nil || m.Main || (m.Replace != nil && m.Replace.Version == "")
}

// requestPath reports whether the package at path is one whose values
// the consumers follow into requests (buildsRequests).
func requestPath(path string) bool {
	switch path {
	case "net/http", "os/exec", "database/sql":
		return true
	}
	return analysisutil.InSDKModule(path)
}
