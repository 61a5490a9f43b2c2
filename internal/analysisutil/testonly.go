package analysisutil

import (
	"strings"

	"golang.org/x/tools/go/packages"
)

// TestOnly returns the packages of dependency modules, among pkgs and
// their dependencies, that only tests import: no package of the build
// but a test (a test variant, an external test package, a test main)
// imports them, directly or through other such packages (testify, and
// the diff and YAML libraries it imports). What a program does when it
// runs passes through none of them, so a driver that loads the whole
// build may leave their functions unsummarized and their effects
// uncomputed. The packages of the program's own modules are never test
// only: a test helper package of the module is the module's code.
func TestOnly(pkgs []*packages.Package) map[*packages.Package]bool {
	run := make(map[*packages.Package]bool)
	var reach func(p *packages.Package)
	reach = func(p *packages.Package) {
		if run[p] || isTestPackage(p) {
			return
		}
		run[p] = true
		for _, imp := range p.Imports {
			reach(imp)
		}
	}
	for _, p := range pkgs {
		reach(p)
	}
	out := make(map[*packages.Package]bool)
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if !run[p] && !isTestPackage(p) && !localPackage(p) {
			out[p] = true
		}
	})
	return out
}

// isTestPackage reports whether p is built for a test only: a package
// compiled with its tests ("p [p.test]"), an external test package
// ("p_test [p.test]"), or a test main ("p.test").
func isTestPackage(p *packages.Package) bool {
	return strings.HasSuffix(p.ID, ".test]") || strings.HasSuffix(p.ID, ".test")
}

// localPackage reports whether p belongs to a module being worked on (a
// main module, one replaced by a local directory, or none) rather than
// one fetched as a dependency.
func localPackage(p *packages.Package) bool {
	m := p.Module
	return m == nil || m.Main || (m.Replace != nil && m.Replace.Version == "")
}
