package metamorph

import (
	"bytes"
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/txtar"
)

var update = flag.Bool("update", false, "rewrite the golden files of the rewrites")

// TestGolden applies every rewrite to the small module of
// testdata/input.txtar and compares the files it changes with
// testdata/golden/<variant>.txtar; the rewritten modules must compile.
// go test -run TestGolden -update rewrites the golden files (review them).
func TestGolden(t *testing.T) {
	ar, err := txtar.ParseFile("testdata/input.txtar")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, f := range ar.Files {
		if err := writeFile(filepath.Join(dir, f.Name), f.Data); err != nil {
			t.Fatal(err)
		}
	}
	p, err := loadProgram(dir)
	if err != nil {
		t.Fatal(err)
	}
	p.fixture, p.tempMod = "golden", p.modPath

	out := t.TempDir()
	orig := newVariant(p, "orig")
	if err := orig.write(out); err != nil {
		t.Fatal(err)
	}
	origFiles := readTree(t, filepath.Join(out, orig.treeDir()))
	extMods := make(map[string]string)
	var names []string
	for _, rw := range append(Rewrites(), Mutations()...) {
		for _, v := range rw.apply(p) {
			names = append(names, v.name)
			if err := v.write(out); err != nil {
				t.Fatal(err)
			}
			if v.extMod != "" {
				extMods[v.extMod] = filepath.ToSlash(v.extDir())
			}
			got := readTree(t, filepath.Join(out, v.treeDir()))
			var arOut txtar.Archive
			arOut.Comment = []byte("The files rewrite " + v.name + " changes in testdata/input.txtar.\n")
			for _, name := range sortedFileNames(got) {
				if !bytes.Equal(got[name], origFiles[name]) {
					arOut.Files = append(arOut.Files, txtar.File{Name: name, Data: got[name]})
				}
			}
			if v.extMod != "" {
				ext := readTree(t, filepath.Join(out, v.extDir()))
				for _, name := range sortedFileNames(ext) {
					arOut.Files = append(arOut.Files, txtar.File{Name: "ext/" + name, Data: ext[name]})
				}
			}
			if v.sites == 0 || len(arOut.Files) == 0 {
				t.Errorf("%s: rewrote nothing in the golden input", v.name)
			}
			golden := filepath.Join("testdata", "golden", strings.ReplaceAll(v.name, "/", "_")+".txtar")
			data := txtar.Format(&arOut)
			if *update {
				if err := writeFile(golden, data); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(data, want) {
				t.Errorf("%s: the rewritten files differ from %s (go test -run TestGolden -update, then review):\n%s", v.name, golden, data)
			}
		}
	}

	// Every variant compiles.
	if err := os.WriteFile(filepath.Join(out, "go.mod"), mergeGoMods(p.tempMod, []*goMod{parseGoMod(p.goMod, dir)}, extMods), 0o644); err != nil {
		t.Fatal(err)
	}
	patterns := []string{"./..."}
	for m := range extMods {
		patterns = append(patterns, m+"/...")
	}
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo,
		Dir:  out,
		Env:  append(os.Environ(), "GOPROXY=off", "GOFLAGS=-mod=mod", "GOWORK=off"),
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	if n := packages.PrintErrors(pkgs); n > 0 {
		t.Fatalf("%d errors in the rewritten golden modules", n)
	}
	if len(pkgs) < 3*(len(names)+1) {
		t.Errorf("only %d packages for %d variants", len(pkgs), len(names)+1)
	}
}

func readTree(t *testing.T, root string) map[string][]byte {
	t.Helper()
	files := make(map[string][]byte)
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		files[filepath.ToSlash(rel)] = data
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func sortedFileNames(m map[string][]byte) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
