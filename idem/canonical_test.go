package idem_test

import (
	"strings"
	"testing"

	"github.com/mcpvet/mcpvet/idem"
)

func TestCanonical(t *testing.T) {
	same := [][]string{
		{`{"a":1,"b":2}`, `{"b":2,"a":1}`, ` { "b" : 2 , "a" : 1 } `, `{"a":1.0,"b":2e0}`, `{"a":10e-1,"b":0.2E1}`},
		{`{"n":9007199254740993}`, `{"n":9007199254740993.0}`},
		{`{"s":"é"}`, `{"s":"\u00e9"}`},
		{`{"x":0.1}`, `{"x":1e-1}`, `{"x":0.10}`},
		{`{}`, ``, `null`, `  `},
		{`{"a":[1,{"c":3,"b":2}]}`, `{"a":[1.0,{"b":2,"c":3}]}`},
		{`{"k":"v","idempotency_key":"abc"}`, `{"k":"v","idempotency_key":"other"}`, `{"k":"v"}`},
		{`{"z":-0}`, `{"z":0}`},
	}
	for _, group := range same {
		want, err := idem.Canonical([]byte(group[0]), "idempotency_key")
		if err != nil {
			t.Fatalf("Canonical(%s): %v", group[0], err)
		}
		for _, in := range group[1:] {
			got, err := idem.Canonical([]byte(in), "idempotency_key")
			if err != nil {
				t.Fatalf("Canonical(%s): %v", in, err)
			}
			if string(got) != string(want) {
				t.Errorf("Canonical(%s) = %s, Canonical(%s) = %s; want equal", in, got, group[0], want)
			}
		}
	}
	different := [][2]string{
		{`{"n":9007199254740993}`, `{"n":9007199254740992}`}, // equal as float64
		{`{"a":1}`, `{"a":"1"}`},
		{`{"a":[1,2]}`, `{"a":[2,1]}`},
		{`{"a":null}`, `{}`},
		{`{"a":0.1}`, `{"a":0.1000000000000000000001}`},
		{`{"a":true}`, `{"a":1}`},
	}
	for _, d := range different {
		a, _ := idem.Canonical([]byte(d[0]))
		b, _ := idem.Canonical([]byte(d[1]))
		if string(a) == string(b) {
			t.Errorf("Canonical(%s) == Canonical(%s) = %s; want different", d[0], d[1], a)
		}
	}
	for _, bad := range []string{`{`, `{"a":1} {"b":2}`, `{"a":01}`, `nope`} {
		if _, err := idem.Canonical([]byte(bad)); err == nil {
			t.Errorf("Canonical(%s) accepted bad JSON", bad)
		}
	}
	// Hostile exponents and digit strings are compared as written, fast.
	if _, err := idem.Canonical([]byte(`{"a":1e999999999}`)); err != nil {
		t.Error(err)
	}
	if _, err := idem.Canonical([]byte(`{"a":` + strings.Repeat("9", 100000) + `}`)); err != nil {
		t.Error(err)
	}
}

func TestFingerprint(t *testing.T) {
	a, _ := idem.Fingerprint("charge", []byte(`{"amount":100}`))
	b, _ := idem.Fingerprint("refund", []byte(`{"amount":100}`))
	c, _ := idem.Fingerprint("charge", []byte(`{"amount":100.0}`))
	if a == b {
		t.Error("the tool name is not part of the fingerprint")
	}
	if a != c {
		t.Error("100 and 100.0 have different fingerprints")
	}
}

func TestExtractKey(t *testing.T) {
	const mk, ak = "idempotency_key", "idempotency_key"
	tests := []struct {
		meta    map[string]any
		args    string
		want    string
		wantErr bool
	}{
		{nil, `{}`, "", false},
		{map[string]any{mk: "m"}, `{}`, "m", false},
		{nil, `{"idempotency_key":"a"}`, "a", false},
		{map[string]any{mk: "k"}, `{"idempotency_key":"k"}`, "k", false},
		{map[string]any{mk: "m"}, `{"idempotency_key":"a"}`, "", true},
		{map[string]any{mk: 12}, `{}`, "", true},
		{nil, `{"idempotency_key":12}`, "", true},
		{nil, `{"idempotency_key":null}`, "", false},
		{nil, `[1,2]`, "", false},
		{nil, `{"idempotency_key":`, "", true},
		{map[string]any{mk: ""}, `{}`, "", false},
	}
	for _, tt := range tests {
		got, err := idem.ExtractKey(tt.meta, []byte(tt.args), mk, ak)
		if got != tt.want || (err != nil) != tt.wantErr {
			t.Errorf("ExtractKey(%v, %s) = %q, %v; want %q, error %v", tt.meta, tt.args, got, err, tt.want, tt.wantErr)
		}
	}
	// Disabled carriers.
	if got, _ := idem.ExtractKey(map[string]any{mk: "m"}, []byte(`{"idempotency_key":"a"}`), "", ak); got != "a" {
		t.Errorf("with _meta disabled: %q", got)
	}
	if got, _ := idem.ExtractKey(nil, []byte(`{"idempotency_key":"a"}`), mk, ""); got != "" {
		t.Errorf("with the argument disabled: %q", got)
	}
}

func TestValidateKey(t *testing.T) {
	for _, k := range []string{"a", idem.NewKey(), "order-2026-09-01/7", strings.Repeat("x", idem.MaxKeyLen)} {
		if err := idem.ValidateKey(k); err != nil {
			t.Errorf("ValidateKey(%q) = %v", k, err)
		}
	}
	for _, k := range []string{"", strings.Repeat("x", idem.MaxKeyLen+1), "a\nb", "\xff"} {
		if err := idem.ValidateKey(k); err == nil {
			t.Errorf("ValidateKey(%q) accepted it", k)
		}
	}
	if idem.NewKey() == idem.NewKey() {
		t.Error("NewKey repeats")
	}
}

func TestStatusURI(t *testing.T) {
	id := idem.TaskID("k")
	if len(id) != 32 || id != idem.TaskID("k") || id == idem.TaskID("k2") {
		t.Fatalf("TaskID = %q", id)
	}
	uri := idem.StatusURI(id)
	if uri != "tasks://"+id+"/status" {
		t.Fatalf("StatusURI = %q", uri)
	}
	if got, ok := idem.ParseStatusURI(uri); !ok || got != id {
		t.Fatalf("ParseStatusURI(%q) = %q, %v", uri, got, ok)
	}
	for _, bad := range []string{"tasks://x/status", "tasks://" + id, "ledger://" + id + "/status", "tasks://" + strings.ToUpper(id) + "/status", "tasks://" + id + "/status/x"} {
		if _, ok := idem.ParseStatusURI(bad); ok {
			t.Errorf("ParseStatusURI(%q) accepted it", bad)
		}
	}
	if _, err := idem.ParseStatusDoc([]byte(`{"task_id":"x","status":"weird"}`)); err == nil {
		t.Error("ParseStatusDoc accepted an unknown status")
	}
	if _, err := idem.ParseStatusDoc([]byte(`nope`)); err == nil {
		t.Error("ParseStatusDoc accepted bad JSON")
	}
}
