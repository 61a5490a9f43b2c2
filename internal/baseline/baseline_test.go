package baseline

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFingerprint(t *testing.T) {
	msg := `tool "charge" is not idempotent; see server.go:12:3 and line 40`
	a := Fingerprint("dedupekey", "example.com/s", "Server.charge", msg)
	moved := Fingerprint("dedupekey", "example.com/s", "Server.charge", `tool "charge" is not idempotent; see server.go:99:1 and line 7`)
	if a != moved {
		t.Errorf("fingerprint changes with positions: %s vs %s", a, moved)
	}
	for _, other := range []string{
		Fingerprint("readback", "example.com/s", "Server.charge", msg),
		Fingerprint("dedupekey", "example.com/t", "Server.charge", msg),
		Fingerprint("dedupekey", "example.com/s", "Server.refund", msg),
		Fingerprint("dedupekey", "example.com/s", "Server.charge", strings.Replace(msg, "charge", "refund", 1)),
	} {
		if other == a {
			t.Errorf("fingerprint %s does not tell findings apart", a)
		}
	}
	if len(a) != 16 {
		t.Errorf("fingerprint %q: want 16 hex digits", a)
	}
	if got := ToolName(msg); got != "charge" {
		t.Errorf("ToolName = %q", got)
	}
}

func TestFuncName(t *testing.T) {
	src := "package p\nfunc F() {}\nfunc (s *S) M() {}\nfunc (g G[T]) N() {}\nfunc (S) O() {}\n"
	f, err := parser.ParseFile(token.NewFileSet(), "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range f.Decls {
		got = append(got, FuncName(d.(*ast.FuncDecl)))
	}
	if strings.Join(got, " ") != "F S.M G.N S.O" || FuncName(nil) != "" {
		t.Errorf("FuncName: %v", got)
	}
}

func TestMarshalLoad(t *testing.T) {
	entries := []Entry{
		{Fingerprint: "bb", Check: "readback", Package: "p", Message: "m2"},
		{Fingerprint: "aa", Check: "dedupekey", Package: "p", Func: "F", Tool: "t", Message: "m1"},
		{Fingerprint: "bb", Check: "readback", Package: "p", Message: "m2"},
	}
	out := Marshal(entries)
	rev := Marshal([]Entry{entries[2], entries[1], entries[0]})
	if !bytes.Equal(out, rev) {
		t.Errorf("Marshal depends on order:\n%s\n%s", out, rev)
	}
	if !bytes.HasPrefix(out, []byte("{\n  \"version\": 1,")) || bytes.Index(out, []byte(`"aa"`)) > bytes.Index(out, []byte(`"bb"`)) {
		t.Errorf("Marshal:\n%s", out)
	}
	p := filepath.Join(t.TempDir(), "b.json")
	os.WriteFile(p, out, 0o666)
	s, err := Load(p)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Entries) != 2 || s.Entries["bb"].Count != 2 || s.Entries["aa"].Count != 1 {
		t.Errorf("Load: %+v", s.Entries)
	}

	// YAML is read too; unknown fields are errors.
	y := filepath.Join(t.TempDir(), "b.yaml")
	os.WriteFile(y, []byte("version: 1\nfindings:\n  - {fingerprint: cc, check: freshkey, package: q, message: m}\n"), 0o666)
	if s, err := Load(y); err != nil || s.Entries["cc"].Count != 1 {
		t.Errorf("Load YAML: %v, %v", s, err)
	}
	os.WriteFile(y, []byte("version: 1\nfindings:\n  - {fingerprnt: cc}\n"), 0o666)
	if _, err := Load(y); err == nil || !strings.Contains(err.Error(), "fingerprnt") {
		t.Errorf("Load with an unknown field: %v", err)
	}
	if _, err := Load(filepath.Join(t.TempDir(), "missing.json")); err == nil {
		t.Error("Load of a missing file: no error")
	}
}
