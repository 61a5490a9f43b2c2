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
	a := Fingerprint("dedupekey", "unkeyed-effect", "example.com/s", "Server.charge", "charge")
	for _, other := range []string{
		Fingerprint("readback", "unkeyed-effect", "example.com/s", "Server.charge", "charge"),
		Fingerprint("dedupekey", "fresh-fallback", "example.com/s", "Server.charge", "charge"),
		Fingerprint("dedupekey", "unkeyed-effect", "example.com/t", "Server.charge", "charge"),
		Fingerprint("dedupekey", "unkeyed-effect", "example.com/s", "Server.refund", "charge"),
		Fingerprint("dedupekey", "unkeyed-effect", "example.com/s", "Server.charge", "refund"),
		Fingerprint("dedupekey", "unkeyed-effect", "example.com/s", "Server.charge", ""),
	} {
		if other == a {
			t.Errorf("fingerprint %s does not tell findings apart", a)
		}
	}
	if len(a) != 16 {
		t.Errorf("fingerprint %q: want 16 hex digits", a)
	}
	for msg, want := range map[string]string{
		`tool "charge" is not idempotent but writes a file (x.Y): a retried call repeats it`: "charge",
		`the dedupe key (k) that tool "book" sends downstream is made anew on every call`:    "book",
		`CallTool("charge") is sent again by this loop`:                                      "",
		`this tool is not idempotent`:                                                        "",
	} {
		if got := ToolName(msg); got != want {
			t.Errorf("ToolName(%q) = %q, want %q", msg, got, want)
		}
	}
}

// TestV1Categories checks the migration of version 1 entries on
// messages of every kind as mcpvet worded them then (from
// docs/precision.md and the fixtures of that time).
func TestV1Categories(t *testing.T) {
	for _, tc := range []struct{ check, msg, want string }{
		{"dedupekey", `tool "charge" is not idempotent and its handler commits a file write via (*ledger.Ledger).Append (which reaches os.OpenFile) before reading a dedupe key, so a retry repeats it; check a client-supplied idempotency key first, or annotate IdempotentHint: true if a repeat is harmless`, "unkeyed-effect"},
		{"dedupekey", `tool "put" is not marked idempotent and its handler commits a file write via os.WriteFile before reading a dedupe key; it looks idempotent by nature (an overwrite or delete): annotate IdempotentHint: true if a repeat is harmless, else check a dedupe key first`, "unkeyed-effect"},
		{"dedupekey", `tool "charge" falls back to a fresh dedupe key when the client sends none, so a retry without a key repeats the side effect; reject calls without a key, or derive the fallback from the request's content`, "fresh-fallback"},
		{"dedupekey", `tool "charge" makes the dedupe key it sends downstream (Idempotency-Key) anew on every call, so a retry gets a new key and repeats the side effect; take the key from the client (an idempotency_key argument or _meta entry) and send that`, "per-call-key"},
		{"readback", `CallTool("charge") is sent again by this loop after a failed attempt whose outcome is unknown, so the tool can run twice; read back the outcome first, or send an idempotency key made once before the retry`, "resend"},
		{"readback", `CallTool("charge") is sent again in the error path of the same call, whose outcome is unknown, so the tool can run twice; read back the outcome first, or send an idempotency key made once before the retry`, "resend"},
		{"readback", `backoff.Retry runs wrapper.ChargeDefault, which calls CallTool("charge"), again after a failed attempt whose outcome is unknown, so the tool can run twice; read back the outcome first, or send an idempotency key made once before the retry`, "resend"},
		{"readback", `the HTTP client of this MCP transport comes from go-retryablehttp, which re-sends a POST after a connection error or a 5xx, so a tools/call can run twice unseen; use a plain *http.Client and read back the outcome first, or send an idempotency key made once before the retry`, "retrying-transport"},
		{"readback", `this trpc-mcp-go client option re-sends every request by itself, tools/call included, up to 3 times after a timeout, EOF or a 5xx, so a tools/call can run twice unseen; build clients that call tools without it and read back the outcome first, or send an idempotency key made once before the retry`, "retrying-transport"},
		{"freshkey", `idempotency key "idempotency_key" is made anew on every attempt of this retry loop, so the server sees each retry as a new operation and cannot dedupe it; create the key once before the loop and reuse it`, "fresh-key"},
		{"freshkey", `stripe-go sends a new Idempotency-Key with every call of charge.New whose params carry no IdempotencyKey, so the server sees each attempt of this retry loop as a new operation and cannot dedupe it; create a key once before the loop and set it with params.SetIdempotencyKey(key)`, "sdk-key"},
		{"freshkey", `secretsmanager.CreateSecretInput is built anew on every attempt of this retry loop without a ClientRequestToken, so the AWS SDK makes a new idempotency token each time and the service sees each retry as a new operation; build the input once before the loop, or set ClientRequestToken to a key made there`, "sdk-key"},
		{"reinvoke", `the handler of tool "order" commits a file write via os.WriteFile and then returns input requests; the client answers by calling the tool again, which runs the handler from the top and repeats it; commit it only once InputResponses are present, or check a dedupe key first`, "effect-before-input"},
		{"toolhints", `tool "lookup" is annotated ReadOnlyHint: true but its handler commits a file write via os.WriteFile, so clients that trust the hint retry it freely and repeat the write; set ReadOnlyHint to false, or move the write out of this tool`, "readonly"},
		{"toolhints", `tool "append" is annotated IdempotentHint: true but its handler commits a file write via os.OpenFile, which is not idempotent by nature, without checking a dedupe key, so a retry repeats it; set IdempotentHint to false, or check a client-supplied key first`, "idempotent"},
		{"freshkey", `//mcpvet:ignore freshkey suppresses nothing here; remove it`, "directive"},
		{"freshkey", `something mcpvet never said`, ""},
	} {
		if got := v1Category(tc.check, tc.msg); got != tc.want {
			t.Errorf("%s: %q: category %q, want %q", tc.check, tc.msg, got, tc.want)
		}
	}
}

// TestLoadV1 checks that a version 1 file is migrated: fingerprints of
// version 2, counts of entries that now share one added.
func TestLoadV1(t *testing.T) {
	p := filepath.Join(t.TempDir(), "v1.json")
	os.WriteFile(p, []byte(`{"version": 1, "findings": [
  {"fingerprint": "1111111111111111", "check": "readback", "package": "p", "func": "F",
   "message": "CallTool(\"charge\") is sent again by this loop after a failed attempt whose outcome is unknown, so the tool can run twice; read back", "count": 1},
  {"fingerprint": "2222222222222222", "check": "readback", "package": "p", "func": "F",
   "message": "CallTool(\"charge\") is sent again in the error path of the same call, whose outcome is unknown, so the tool can run twice; read back", "count": 1},
  {"fingerprint": "3333333333333333", "check": "dedupekey", "package": "p", "func": "G", "tool": "charge",
   "message": "tool \"charge\" is not idempotent and its handler commits a file write via os.WriteFile before reading a dedupe key, so a retry repeats it", "count": 1},
  {"fingerprint": "4444444444444444", "check": "dedupekey", "package": "p", "message": "unknown wording", "count": 1}
]}`), 0o666)
	s, err := Load(p)
	if err != nil {
		t.Fatal(err)
	}
	resend := Fingerprint("readback", "resend", "p", "F", "")
	unkeyed := Fingerprint("dedupekey", "unkeyed-effect", "p", "G", "charge")
	if len(s.Entries) != 3 || s.Entries[resend].Count != 2 || s.Entries[unkeyed].Count != 1 || s.Entries["4444444444444444"].Count != 1 {
		t.Errorf("Load of a version 1 file: %+v", s.Entries)
	}
	if s.Entries[unkeyed].Category != "unkeyed-effect" {
		t.Errorf("migrated entry without its category: %+v", s.Entries[unkeyed])
	}
	os.WriteFile(p, []byte(`{"version": 3, "findings": [{"fingerprint": "aa", "check": "x", "package": "p", "message": "m"}]}`), 0o666)
	if _, err := Load(p); err == nil {
		t.Error("Load of version 3: no error")
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
	if !bytes.HasPrefix(out, []byte("{\n  \"version\": 2,")) || bytes.Index(out, []byte(`"aa"`)) > bytes.Index(out, []byte(`"bb"`)) {
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
	os.WriteFile(y, []byte("version: 2\nfindings:\n  - {fingerprint: cc, check: freshkey, package: q, message: m}\n"), 0o666)
	if s, err := Load(y); err != nil || s.Entries["cc"].Count != 1 {
		t.Errorf("Load YAML: %v, %v", s, err)
	}
	os.WriteFile(y, []byte("version: 2\nfindings:\n  - {fingerprnt: cc}\n"), 0o666)
	if _, err := Load(y); err == nil || !strings.Contains(err.Error(), "fingerprnt") {
		t.Errorf("Load with an unknown field: %v", err)
	}
	if _, err := Load(filepath.Join(t.TempDir(), "missing.json")); err == nil {
		t.Error("Load of a missing file: no error")
	}
}
