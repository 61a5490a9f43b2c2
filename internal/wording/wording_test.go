package wording

import (
	"slices"
	"testing"
)

func TestFunc(t *testing.T) {
	for in, want := range map[string]string{
		"(*ledger.Ledger).Append":        "ledger.Ledger.Append",
		"store.Notify":                   "store.Notify",
		"(*database/sql.DB).ExecContext": "sql.DB.ExecContext",
		"net/http.Post":                  "http.Post",
		"store.Ledger.Record":            "store.Ledger.Record",
		"api.Messenger.Deliver (implemented by (*extsdk.Client).Deliver)": "api.Messenger.Deliver, implemented by extsdk.Client.Deliver",
		"": "",
	} {
		if got := Func(in); got != want {
			t.Errorf("Func(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestEffect(t *testing.T) {
	for _, tc := range []struct{ kind, method, fn, want string }{
		{"file write", "", "(*ledger.Ledger).Append", "writes a file (ledger.Ledger.Append)"},
		{"HTTP request", "POST", "api.Create", "sends an HTTP POST (api.Create)"},
		{"HTTP request", "", "api.Create", "sends an HTTP request (api.Create)"},
		{"quantum flip", "", "q.Flip", "commits a quantum flip (q.Flip)"},
		{"SQL write", "", "", "writes to an SQL database"},
	} {
		if got := Effect(tc.kind, tc.method, tc.fn); got != tc.want {
			t.Errorf("Effect(%q, %q, %q) = %q, want %q", tc.kind, tc.method, tc.fn, got, tc.want)
		}
	}
}

// TestLength keeps the first clause of the typical findings within about
// 120 characters.
func TestLength(t *testing.T) {
	for _, msg := range []string{
		UnkeyedEffectMessage("charge", Effect("file write", "", "(*ledger.Ledger).Append"), false),
		UnkeyedEffectMessage("save", Effect("file write", "", "os.WriteFile"), true),
		WrongIdempotentHint("append", Effect("file write", "", "os.OpenFile")),
		WrongReadOnlyHint("lookup", Effect("file write", "", "os.WriteFile")),
		FreshFallbackMessage("charge"),
		MadeAnew(`idempotency key "idempotency_key"`, "attempt of this retry loop"),
		MadeAnew(`the dedupe key (Idempotency-Key) of tool "charge"`, "call"),
		Resent(`CallTool("charge") is sent again by this loop`),
		Resent(`CallTool("charge") is sent again in the error path`),
		ResentUnseen("this MCP transport's HTTP client (go-retryablehttp) re-sends a POST after a connection error or a 5xx"),
		EffectBeforeInputMessage(Tool("order"), Effect("file write", "", "store.Save")),
	} {
		if len(msg) > 135 {
			t.Errorf("%d characters: %s", len(msg), msg)
		}
	}
}

// TestToolsNamed parses back the tools a finding names, its own and the
// ones SharedWith lists, as the tools command attributes findings.
func TestToolsNamed(t *testing.T) {
	for _, tc := range []struct {
		msg  string
		want []string
	}{
		{UnkeyedEffectMessage("charge", "writes a file", false), []string{"charge"}},
		{UnkeyedEffectMessage("docs_add", "writes a file", false) + SharedWith([]string{"sheets_add"}), []string{"docs_add", "sheets_add"}},
		{UnkeyedEffectMessage("a", "writes a file", true) + SharedWith([]string{"b", `c"q`, "d"}), []string{"a", "b", `c"q`, "d"}},
		{UnkeyedEffectMessage("", "writes a file", false), nil},
		{MadeAnew(`idempotency key "idempotency_key"`, "attempt of this retry loop"), nil},
		{MadeAnew(`the dedupe key (Idempotency-Key) of tool "charge"`, "call"), []string{"charge"}},
	} {
		if got, all := ToolsNamed(tc.msg); !slices.Equal(got, tc.want) || !all {
			t.Errorf("ToolsNamed(%q) = %q, %v, want %q, true", tc.msg, got, all, tc.want)
		}
	}
	many := UnkeyedEffectMessage("a", "writes a file", false) + SharedWith([]string{"b", "c", "d", "e"})
	if got, all := ToolsNamed(many); !slices.Equal(got, []string{"a", "b", "c", "d"}) || all {
		t.Errorf("ToolsNamed(%q) = %q, %v, want [a b c d], false", many, got, all)
	}
	if got, want := SharedWith([]string{"b", "c", "d", "e", "f"}), ` (also for tools "b", "c", "d" and 2 more, which share the handler)`; got != want {
		t.Errorf("SharedWith(5) = %q, want %q", got, want)
	}
	if got, want := SharedWith([]string{"b"}), ` (also for tool "b", which shares the handler)`; got != want {
		t.Errorf("SharedWith(1) = %q, want %q", got, want)
	}
}
