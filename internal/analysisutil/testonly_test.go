package analysisutil

import (
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestTestOnly builds the graph go/packages gives for a module whose
// tests import testify (and, through it, a YAML library the program
// itself also imports), and checks which packages only tests import.
func TestTestOnly(t *testing.T) {
	main := &packages.Module{Path: "example.com/app", Main: true}
	dep := func(path string) *packages.Module { return &packages.Module{Path: path, Version: "v1.0.0"} }
	pkg := func(id string, m *packages.Module, imports ...*packages.Package) *packages.Package {
		p := &packages.Package{ID: id, PkgPath: strings.Fields(id)[0], Module: m, Imports: make(map[string]*packages.Package)}
		for _, imp := range imports {
			p.Imports[imp.PkgPath] = imp
		}
		return p
	}
	yaml := pkg("gopkg.in/yaml.v3", dep("gopkg.in/yaml.v3"))
	difflib := pkg("github.com/pmezard/go-difflib/difflib", dep("github.com/pmezard/go-difflib"))
	assert := pkg("github.com/stretchr/testify/assert", dep("github.com/stretchr/testify"), yaml, difflib)
	uuid := pkg("github.com/google/uuid", dep("github.com/google/uuid"))
	helper := pkg("example.com/app/internal/testutil", main, assert)
	app := pkg("example.com/app/server", main, uuid, yaml)
	appTest := pkg("example.com/app/server [example.com/app/server.test]", main, uuid, yaml, helper)
	appXTest := pkg("example.com/app/server_test [example.com/app/server.test]", main, appTest, assert)
	testMain := pkg("example.com/app/server.test", main, appTest, appXTest)

	var got []string
	for p := range TestOnly([]*packages.Package{app, appTest, appXTest, testMain}) {
		got = append(got, p.ID)
	}
	sort.Strings(got)
	// yaml.v3 is the program's too; the module's own test helper is its
	// code; the test packages themselves are tests, not test-only
	// dependencies.
	want := []string{"github.com/pmezard/go-difflib/difflib", "github.com/stretchr/testify/assert"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("TestOnly = %v, want %v", got, want)
	}

	// Without tests loaded, nothing is test-only.
	if n := len(TestOnly([]*packages.Package{app})); n != 0 {
		t.Errorf("TestOnly without tests = %d packages, want 0", n)
	}
}
