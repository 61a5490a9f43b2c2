package main_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/mcpvet/mcpvet/internal/testenv"
)

var update = flag.Bool("update", false, "rewrite the golden files of TestTools")

// TestTools: mcpvet tools on the demo and on testdata/tools, as a table,
// Markdown and JSON, against golden files (go test -run TestTools -update
// rewrites them).
func TestTools(t *testing.T) {
	t.Parallel()
	bin, demo := demoSetup(t)
	fixture := testenv.Module(t, "../../testdata/tools")
	for _, tc := range []struct {
		dir, golden string
		args        []string
	}{
		{demo, "tools-demo.txt", nil},
		{demo, "tools-demo.md", []string{"-markdown"}},
		{fixture, "tools-fixture.txt", nil},
		{fixture, "tools-fixture.json", []string{"-json"}},
	} {
		t.Run(tc.golden, func(t *testing.T) {
			t.Parallel()
			r := sharedRun(t, tc.dir, nil, bin, append(append([]string{"tools"}, tc.args...), "./...")...)
			out := r.stdout
			if r.err != nil {
				t.Fatalf("mcpvet tools %v: %v\n%s", tc.args, r.err, r.stderr)
			}
			golden := filepath.Join("testdata", tc.golden)
			if *update {
				os.MkdirAll("testdata", 0o777)
				if err := os.WriteFile(golden, out, 0o666); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(out, want) {
				t.Errorf("mcpvet tools %v in %s differs from %s:\n%s", tc.args, tc.dir, golden, out)
			}
		})
	}
}

// TestToolsHints checks the fixture's inventory by field, beside the
// golden file: the declared hints, the effects, and the read-only
// candidates (a handler that commits nothing, not annotated read-only).
func TestToolsHints(t *testing.T) {
	t.Parallel()
	bin, _ := demoSetup(t)
	// The run of TestTools/tools-fixture.json.
	r := sharedRun(t, testenv.Module(t, "../../testdata/tools"), nil, bin, "tools", "-json", "./...")
	out := r.stdout
	if r.err != nil {
		t.Fatalf("%v\n%s", r.err, r.stderr)
	}
	var tools []struct {
		Name, SDK, Registered, ReadOnlyHint, IdempotentHint, DestructiveHint string
		Effects                                                              []struct{ Kind, Sink string }
		KeyRead, ReadOnlyCandidate, Forwarder                                bool
		Findings                                                             []struct{ Check string }
	}
	if err := json.Unmarshal(out, &tools); err != nil {
		t.Fatal(err)
	}
	type row struct {
		sdk, ro, idem, destr string
		effects              int
		key, cand, fwd       bool
		findings             int
	}
	// By name, or by registration for a name mcpvet does not resolve.
	// The gateway's forwarders are no read-only candidates, nor is sync,
	// which calls an upstream tool.
	want := map[string]row{
		"lookup":       {"go-sdk", "unset", "unset", "unset", 0, false, true, false, 0},
		"lookup_ro":    {"go-sdk", "true", "unset", "unset", 0, false, false, false, 0},
		"touch":        {"go-sdk", "unset", "unset", "unset", 1, false, false, false, 0}, // a pending interface call
		"declared_rw":  {"go-sdk", "false", "unset", "unset", 0, false, false, false, 0},
		"shout":        {"go-sdk", "unset", "unset", "unset", 0, false, true, false, 0},
		"save":         {"go-sdk", "unset", "true", "false", 1, false, false, false, 0},
		"append_keyed": {"go-sdk", "unset", "unset", "unset", 1, true, false, false, 0},
		"purge":        {"mcp-go", "unset", "unset", "true", 1, false, false, false, 1},
		"status":       {"mcp-go", "unset", "unset", "unset", 0, false, true, false, 0},
		"status_ro":    {"mcp-go", "true", "unset", "unset", 0, false, false, false, 0},

		// A table's rows, built by one function that sets
		// DestructiveHint for one of them only.
		"wipe": {"go-sdk", "false", "false", "true", 1, false, false, false, 1},
		"trim": {"go-sdk", "false", "true", "unset", 1, false, false, false, 0},

		// Registered through a local function literal: one row per call.
		"local_append": {"mcp-go", "false", "false", "?", 2, false, false, false, 1},
		"local_peek":   {"mcp-go", "true", "false", "?", 0, false, false, false, 0},

		"gateway/gosdk.go:21:3":  {"go-sdk", "?", "?", "?", 0, false, false, true, 0},
		"gateway/gosdk.go:43:3":  {"go-sdk", "unset", "unset", "unset", 0, false, false, true, 0},
		"gateway/gosdk.go:63:3":  {"go-sdk", "unset", "unset", "unset", 0, false, true, false, 0},
		"gateway/mcpgo.go:26:3":  {"mcp-go", "?", "?", "?", 0, false, false, true, 0},
		"gateway/mcpgo.go:45:3":  {"mcp-go", "unset", "unset", "unset", 0, false, false, false, 0},
		"gateway/mcpgo.go:60:3":  {"mcp-go", "false", "false", "?", 0, false, false, true, 0},
		"gateway/mcpgo.go:94:3":  {"mcp-go", "unset", "unset", "unset", 0, false, false, true, 0},
		"gateway/mcpgo.go:123:3": {"mcp-go", "unset", "unset", "unset", 0, false, true, false, 0},
		"sync":                   {"mcp-go", "unset", "unset", "unset", 0, false, false, false, 0},

		// A dispatcher's operations, one row per tool: notes appends in
		// one of its two; both of inspect's read.
		"notes":   {"mcp-go", "unset", "unset", "unset", 2, false, false, false, 1},
		"inspect": {"mcp-go", "unset", "unset", "unset", 0, false, true, false, 0},

		// A table's specs through a map of registrar literals that
		// call a registrar function each: no row at the literals.
		"reg_append": {"go-sdk", "false", "false", "unset", 2, false, false, false, 1},
		"reg_peek":   {"go-sdk", "true", "false", "unset", 0, false, false, false, 0},

		// Hints from the embedded tools.yaml; the last has no entry.
		"create_item":                 {"mcp-go", "false", "false", "?", 1, false, false, false, 1},
		"list_items":                  {"mcp-go", "true", "true", "?", 0, false, false, false, 0},
		"catalogue/catalogue.go:51:2": {"mcp-go", "?", "?", "?", 0, false, false, false, 0},
	}
	if len(tools) != len(want) {
		t.Errorf("%d tools, want %d:\n%s", len(tools), len(want), out)
	}
	for _, ti := range tools {
		got := row{ti.SDK, ti.ReadOnlyHint, ti.IdempotentHint, ti.DestructiveHint, len(ti.Effects), ti.KeyRead, ti.ReadOnlyCandidate, ti.Forwarder, len(ti.Findings)}
		k := ti.Name
		if k == "" {
			k = ti.Registered
		}
		if w, ok := want[k]; !ok || got != w {
			t.Errorf("tool %s: got %+v, want %+v", k, got, w)
		}
	}
}

// TestToolsErrors: bad arguments are one line and a non-zero exit.
func TestToolsErrors(t *testing.T) {
	t.Parallel()
	bin, demo := demoSetup(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"tools", "-json", "-markdown", "./..."}, "cannot be combined"},
		{[]string{"tools", "./no/such/dir"}, "no/such/dir"},
		{[]string{"tools", "-nosuchflag", "./..."}, "flag provided but not defined"},
	} {
		cmd := exec.Command(bin, tc.args...)
		cmd.Dir = demo
		out, err := cmd.CombinedOutput()
		if err == nil || !bytes.Contains(out, []byte(tc.want)) || bytes.Contains(out, []byte("panic")) {
			t.Errorf("mcpvet %v: err = %v, want an error containing %q\n%s", tc.args, err, tc.want, out)
		}
	}
}
