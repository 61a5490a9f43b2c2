package analyzer_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	"runtime/debug"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/mcpvet/mcpvet/analyzer"
	"github.com/mcpvet/mcpvet/internal/testenv"
)

// The SDK packages a fuzzed file may import, loaded once.
var (
	loadOnce sync.Once
	loaded   map[string]*types.Package
	loadFset *token.FileSet
	loadErr  error
)

func loadSDKs(t testing.TB) {
	loadOnce.Do(func() {
		dir, err := filepath.Abs("../testdata/smoke")
		if err == nil {
			err = testenv.Prime(dir)
		}
		if err != nil {
			loadErr = err
			return
		}
		loadFset = token.NewFileSet()
		cfg := &packages.Config{
			Mode: packages.NeedTypes | packages.NeedImports | packages.NeedDeps | packages.NeedName,
			Dir:  dir,
			Fset: loadFset,
			Env:  append(os.Environ(), "GOPROXY=off", "GOFLAGS=-mod=readonly"),
		}
		pkgs, err := packages.Load(cfg, "github.com/modelcontextprotocol/go-sdk/mcp",
			"github.com/mark3labs/mcp-go/mcp", "github.com/mark3labs/mcp-go/server", "github.com/mark3labs/mcp-go/client",
			"context", "os", "os/exec", "net/http", "database/sql", "fmt", "errors", "time", "strings", "encoding/json")
		if err != nil {
			loadErr = err
			return
		}
		loaded = make(map[string]*types.Package)
		packages.Visit(pkgs, nil, func(p *packages.Package) {
			if p.Types != nil {
				loaded[p.PkgPath] = p.Types
			}
		})
	})
	if loadErr != nil {
		t.Fatal(loadErr)
	}
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// runSuite runs every analyzer of the suite, with what they require, on
// one package, the way a driver without facts for dependencies does (nogo
// outside its scope): facts are only those the package exports itself.
// It returns the diagnostics as text, or the panic it caught.
func runSuite(fset *token.FileSet, files []*ast.File, pkg *types.Package, info *types.Info, typeErrors []types.Error) (diags []string, err error) {
	results := make(map[*analysis.Analyzer]any)
	facts := make(map[[2]any]analysis.Fact) // (object or package, fact type) → fact
	var run func(a *analysis.Analyzer) error
	run = func(a *analysis.Analyzer) error {
		if _, ok := results[a]; ok {
			return nil
		}
		resultOf := make(map[*analysis.Analyzer]any)
		for _, req := range a.Requires {
			if err := run(req); err != nil {
				return err
			}
			resultOf[req] = results[req]
		}
		pass := &analysis.Pass{
			Analyzer: a, Fset: fset, Files: files, Pkg: pkg, TypesInfo: info, TypeErrors: typeErrors,
			TypesSizes: types.SizesFor("gc", "amd64"), ResultOf: resultOf,
			Report: func(d analysis.Diagnostic) {
				diags = append(diags, fmt.Sprintf("%s: %s: %s", fset.Position(d.Pos), a.Name, d.Message))
			},
			ImportObjectFact: func(obj types.Object, f analysis.Fact) bool {
				got, ok := facts[[2]any{obj, reflect.TypeOf(f)}]
				if ok {
					reflect.ValueOf(f).Elem().Set(reflect.ValueOf(got).Elem())
				}
				return ok
			},
			ExportObjectFact:  func(obj types.Object, f analysis.Fact) { facts[[2]any{obj, reflect.TypeOf(f)}] = f },
			ImportPackageFact: func(*types.Package, analysis.Fact) bool { return false },
			ExportPackageFact: func(f analysis.Fact) { facts[[2]any{pkg, reflect.TypeOf(f)}] = f },
			AllObjectFacts: func() []analysis.ObjectFact {
				var out []analysis.ObjectFact
				for k, f := range facts {
					if obj, ok := k[0].(types.Object); ok {
						out = append(out, analysis.ObjectFact{Object: obj, Fact: f})
					}
				}
				return out
			},
			AllPackageFacts: func() []analysis.PackageFact { return nil },
		}
		res, err := a.Run(pass)
		if err != nil {
			return fmt.Errorf("%s: %v", a.Name, err)
		}
		results[a] = res
		return nil
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v\n%s", r, debug.Stack())
		}
	}()
	for _, a := range analyzer.All() {
		if err := run(a); err != nil {
			return diags, err
		}
	}
	return diags, nil
}

// checkSource parses and type-checks src (type errors allowed) and runs
// the suite on it.
func checkSource(t testing.TB, src string) error {
	fset := loadFset
	f, err := parser.ParseFile(fset, "fuzz.go", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil || f == nil {
		return nil // not Go: nothing to analyze
	}
	info := &types.Info{
		Types: make(map[ast.Expr]types.TypeAndValue), Defs: make(map[*ast.Ident]types.Object),
		Uses: make(map[*ast.Ident]types.Object), Implicits: make(map[ast.Node]types.Object),
		Selections: make(map[*ast.SelectorExpr]*types.Selection), Scopes: make(map[ast.Node]*types.Scope),
		Instances: make(map[*ast.Ident]types.Instance), FileVersions: make(map[*ast.File]string),
	}
	var typeErrors []types.Error
	conf := types.Config{
		// Type errors are allowed; the passes get them, as drivers give
		// them to analyzers that run despite errors.
		Error: func(err error) {
			if te, ok := err.(types.Error); ok {
				typeErrors = append(typeErrors, te)
			}
		},
		Importer: importerFunc(func(path string) (*types.Package, error) {
			if p, ok := loaded[path]; ok {
				return p, nil
			}
			return nil, fmt.Errorf("no package %s", path)
		}),
	}
	pkg, _ := conf.Check("example.com/fuzz", fset, []*ast.File{f}, info)
	if pkg == nil {
		return nil
	}
	_, err = runSuite(fset, []*ast.File{f}, pkg, info, typeErrors)
	return err
}

// FuzzSuite feeds mutated Go source through the whole suite; it must never
// panic or fail, whatever the source and its type errors. Seeds are the
// demo and the fixtures. Run longer by hand:
//
//	go test ./analyzer -run '^$' -fuzz FuzzSuite -fuzztime 10m
func FuzzSuite(f *testing.F) {
	if testing.Short() {
		f.Skip("loads the SDKs")
	}
	loadSDKs(f)
	var seeds []string
	for _, glob := range []string{"../demo/*/*.go", "../demo/*/*/*.go", "../testdata/*/*/*.go"} {
		files, _ := filepath.Glob(glob)
		seeds = append(seeds, files...)
	}
	if len(seeds) == 0 {
		f.Fatal("no seed files")
	}
	for _, s := range seeds {
		if strings.HasSuffix(s, "_test.go") {
			continue
		}
		b, err := os.ReadFile(s)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	f.Fuzz(func(t *testing.T, src string) {
		if err := checkSource(t, src); err != nil {
			t.Fatalf("%v\nsource:\n%s", err, src)
		}
	})
}
