package testenv

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
)

var relatedComment = regexp.MustCompile(`// related: (.*)$`)

// Related checks the related positions of the diagnostics in results
// (effect trails, registrations, retry constructs) against the
// "// related: MESSAGE" comments of the fixture files under dir: every
// such comment must be the line and message of a related position of
// some diagnostic, and in the files that have such comments every related
// position must be on a line whose comment names it.
func Related(t *testing.T, dir string, results []*analysistest.Result) {
	t.Helper()
	want := make(map[string]bool) // "file:line: message"
	annotated := make(map[string]bool)
	err := filepath.Walk(dir, func(path string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		for line := 1; sc.Scan(); line++ {
			if m := relatedComment.FindStringSubmatch(sc.Text()); m != nil {
				want[fmt.Sprintf("%s:%d: %s", path, line, m[1])] = true
				annotated[path] = true
			}
		}
		return sc.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	got := make(map[string]bool)
	for _, r := range results {
		for _, d := range r.Diagnostics {
			for _, rel := range d.Related {
				p := r.Pass.Fset.Position(rel.Pos)
				key := fmt.Sprintf("%s:%d: %s", p.Filename, p.Line, rel.Message)
				got[key] = true
				if annotated[p.Filename] && !want[key] {
					t.Errorf("%s: related position %q without a // related: comment naming it (finding: %s)", p, rel.Message, d.Message)
				}
			}
		}
	}
	for key := range want {
		if !got[key] {
			t.Errorf("%s: no finding has this related position", key)
		}
	}
}
