package mcpmodel

import (
	"os"
	"path/filepath"
	"testing"
)

// TestReadCatalogue: the tool entries of YAML and JSON files, by the
// MCP specification's shape, and nothing else.
func TestReadCatalogue(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	yml := write("tools.yaml", `
version: v1
tools:
  - name: create
    annotations: {readOnlyHint: false, idempotentHint: false}
  - name: list
    annotations:
      readOnlyHint: true
      idempotentHint: true
      destructiveHint: false
  - name: noHints
    annotations: {title: No hints}
  - name: bare
  - name: odd
    annotations: {readOnlyHint: "yes", idempotentHint: true}
  - name: twice
    annotations: {idempotentHint: true}
settings:
  name: notATool
`)
	jsn := write("more.json", `{"tools": [{"name": "drop", "annotations": {"destructiveHint": true}},
	{"name": "twice", "annotations": {"idempotentHint": false}}]}`)
	bad := write("bad.yaml", "tools: [\n")
	c := ReadCatalogue([]string{yml, jsn, bad, filepath.Join(dir, "missing.yaml")})
	if c == nil {
		t.Fatal("no catalogue")
	}
	want := map[string]catalogued{
		"create": {readOnly: False, idempotent: False, destructive: False},
		"list":   {readOnly: True, idempotent: True, destructive: False},
		"odd":    {readOnly: Unknown, idempotent: True, destructive: False},
		"twice":  {readOnly: False, idempotent: Unknown, destructive: False}, // the two files disagree
		"drop":   {readOnly: False, idempotent: False, destructive: True},
	}
	if len(c.tools) != len(want) {
		t.Errorf("got %d tools %v, want %d", len(c.tools), c.tools, len(want))
	}
	for name, w := range want {
		got, ok := c.tools[name]
		if !ok {
			t.Errorf("%s: missing", name)
			continue
		}
		if got.readOnly != w.readOnly || got.idempotent != w.idempotent || got.destructive != w.destructive {
			t.Errorf("%s: got %v/%v/%v, want %v/%v/%v", name, got.readOnly, got.idempotent, got.destructive, w.readOnly, w.idempotent, w.destructive)
		}
	}
	if at := c.tools["list"].at; filepath.Base(at) != "tools.yaml:6" {
		t.Errorf("list declared at %q, want tools.yaml:6", at)
	}
	if ReadCatalogue([]string{bad}) != nil {
		t.Error("a file without tools gave a catalogue")
	}
}
