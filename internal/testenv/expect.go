package testenv

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// An Expect is a "// expect: NAME" comment of a fixture or of the demo:
// the check NAME reports on that line.
type Expect struct {
	File  string // relative to the directory walked
	Line  int
	Check string
}

var expectComment = regexp.MustCompile(`// expect: ([a-z]+)`)

// Expects returns the "// expect: NAME" comments of the Go files under
// dir, in file and line order.
func Expects(t testing.TB, dir string) []Expect {
	t.Helper()
	var out []Expect
	err := filepath.Walk(dir, func(path string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		rel, _ := filepath.Rel(dir, path)
		sc := bufio.NewScanner(f)
		for line := 1; sc.Scan(); line++ {
			for _, m := range expectComment.FindAllStringSubmatch(sc.Text(), -1) {
				out = append(out, Expect{rel, line, m[1]})
			}
		}
		return sc.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
