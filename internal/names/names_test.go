package names

import "testing"

func TestIsKey(t *testing.T) {
	m := NewMatcher([]string{"op_nonce"})
	for name, want := range map[string]bool{
		"idempotency_key":              true,
		"Idempotency-Key":              true,
		"IdempotencyKey":               true,
		"X-Idempotency-Key":            true,
		"idempotencyToken":             true,
		"order_idempotency_key":        true,
		"dedupe_key":                   true,
		"DedupID":                      true,
		"MessageDeduplicationId":       true,
		"ClientRequestToken":           true,
		"ClientToken":                  true,
		"request_id":                   true,
		"PayPal-Request-Id":            true,
		"Repeatability-Request-ID":     true,
		"Nats-Msg-Id":                  true,
		"op-nonce":                     true, // from the flag
		"x-ms-client-request-id":       false,
		"X-Request-ID":                 false,
		"trace_id":                     false,
		"SpanID":                       false,
		"correlation_id":               false,
		"idempotentHint":               false,
		"IdempotentHint":               false,
		"X-Goog-Gcs-Idempotency-Token": false, // the Google client library makes it per request
		"idempotent":                   false,
		"account":                      false,
		"key":                          false,
		"id":                           false,
		"":                             false,
		"idempotency key: %s":          false, // a format string
		"/v1/idempotency_key":          false, // a path
		"x_" + string(make([]byte, 70)) + "idempotency_key": false,
	} {
		if got := m.IsKey(name); got != want {
			t.Errorf("IsKey(%q) = %v, want %v", name, got, want)
		}
	}
	// A configured name beyond the usual characters is still found.
	odd := NewMatcher([]string{"idem:ref"})
	if !odd.IsKey("idem:ref") || !odd.IsKey("idempotency_key") || odd.IsKey("idem ref: %s") {
		t.Errorf("a Matcher with a configured name of other characters must find it, and still the built-in names")
	}
	var zero *Matcher
	if !zero.IsKey("idempotency_key") || zero.IsKey("op_nonce") {
		t.Errorf("nil Matcher must know the built-in names only")
	}
}

func TestJSONName(t *testing.T) {
	for tag, want := range map[string]string{
		`json:"idempotency_key,omitempty"`:     "idempotency_key",
		`json:"k" jsonschema:"the key"`:        "k",
		`jsonschema:"x" json:"idempotencyKey"`: "idempotencyKey",
		`yaml:"a"`:                             "",
		`json:",omitempty"`:                    "",
	} {
		if got := JSONName(tag); got != want {
			t.Errorf("JSONName(%q) = %q, want %q", tag, got, want)
		}
	}
}

// BenchmarkIsKey measures the matcher on a mix of names, most of them not
// keys: it runs for every field, index and argument the passes look at.
func BenchmarkIsKey(b *testing.B) {
	m := NewMatcher([]string{"X-Order-Token"})
	in := []string{"Name", "ctx", "IdempotencyKey", "order_idempotency_key", "Content-Type", "x-order-token", "RequestID"}
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range in {
			m.IsKey(s)
		}
	}
}

// TestBuiltinSuffix checks IsKey's quick rejection against the built-in
// names: each must end with one of builtinSuffixes, or the rejection
// would lose it.
func TestBuiltinSuffix(t *testing.T) {
	for n := range exact {
		if !builtinSuffix(n) {
			t.Errorf("built-in key name %q ends with none of %v", n, builtinSuffixes)
		}
	}
	for name, want := range map[string]bool{
		"Idempotency-Key": true, "CLIENT_TOKEN": true, "request.Id": true, "x-payout-idempotency": true,
		"Context": false, "keys": false, "": false, "idempotent": false,
	} {
		if got := builtinSuffix(name); got != want {
			t.Errorf("builtinSuffix(%q) = %v, want %v", name, got, want)
		}
	}
}
