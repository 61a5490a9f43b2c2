package analysisutil

import (
	"sync/atomic"

	"golang.org/x/tools/go/packages"
)

// Local modules. A repository of several modules (an api module and a
// server module, the server's go.mod replacing the api module by its
// directory) is one program written by its authors: an interface of one
// module implemented in another and wired in by main is the same shape as
// within one module. Which modules are the project's own is known only to
// a driver that loads the whole program before it analyzes any package:
// the main modules, and the modules replaced by a local directory. Under
// go vet only the package's own module is known to be local (a main
// module's version is empty).

var localModules atomic.Pointer[[]string]

// SetLocalModules records the module paths of the program's own modules
// for the analyses started after it, until it is called again (nil:
// none). Only a driver that loads the whole program before it analyzes
// any package may call it: the standalone command.
func SetLocalModules(paths []string) {
	if paths == nil {
		localModules.Store(nil)
		return
	}
	localModules.Store(&paths)
}

// LocalModules returns the paths of the main modules and of the modules
// replaced by a local directory among the packages and their
// dependencies, for SetLocalModules.
func LocalModules(pkgs []*packages.Package) []string {
	seen := make(map[string]bool)
	var out []string
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		m := p.Module
		if m == nil || seen[m.Path] {
			return
		}
		if m.Main || m.Replace != nil && m.Replace.Version == "" {
			seen[m.Path] = true
			out = append(out, m.Path)
		}
	})
	return out
}

// InLocalModule reports whether the package at path belongs to one of the
// modules given to SetLocalModules.
func InLocalModule(path string) bool {
	ms := localModules.Load()
	if ms == nil {
		return false
	}
	for _, m := range *ms {
		if InModule(m, path) {
			return true
		}
	}
	return false
}

// LocalModulePaths returns the modules given to SetLocalModules.
func LocalModulePaths() []string {
	if ms := localModules.Load(); ms != nil {
		return *ms
	}
	return nil
}
