// Package names recognizes dedupe-key names: argument keys, struct fields,
// JSON tags, _meta keys and HTTP header names under which clients send an
// idempotency key.
//
// Names are compared after normalization: lower case, with '_', '-', '.'
// and spaces removed, so "Idempotency-Key", "idempotency_key" and
// "IdempotencyKey" are the same name. The list follows
// shared/notes/retry-and-keys.md §4.
package names

import (
	"bytes"
	"strings"
)

// exact holds normalized names that are dedupe keys as a whole.
var exact = map[string]bool{
	"idempotencykey":          true,
	"idempotencytoken":        true,
	"idempotencyid":           true,
	"xidempotencykey":         true,
	"xidempotentrequestid":    true,
	"idempotentrequestid":     true,
	"dedupekey":               true,
	"dedupkey":                true,
	"dedupeid":                true,
	"dedupid":                 true,
	"deduplicationkey":        true,
	"deduplicationid":         true,
	"messagededuplicationid":  true,
	"requestid":               true,
	"clienttoken":             true,
	"clientrequesttoken":      true,
	"paypalrequestid":         true,
	"itwilioidempotencytoken": true,
	"xpayoutidempotency":      true,
	"repeatabilityrequestid":  true,
	"natsmsgid":               true,
	"xuniquetransactionid":    true,
	"operationkey":            true,
}

// never holds normalized names that look like keys but identify a trace or
// a log line, not an operation: x-ms-client-request-id is Azure's
// correlation id (retry-and-keys.md §4).
var never = map[string]bool{
	"xmsclientrequestid": true,
	"xrequestid":         true, // mostly a correlation id set by proxies
	"traceid":            true,
	"spanid":             true,
	"correlationid":      true,
	"idempotenthint":     true, // the MCP annotation, not a key
	// google-api-go-client's gensupport makes this token itself, anew
	// for each Do (uuid.New() in SendRequestWithRetry and
	// ResumableUpload.Upload): it dedupes the library's own retries of
	// one request, never a retried tool call.
	"xgooggcsidempotencytoken": true,
}

// Normalize folds a name for comparison.
func Normalize(s string) string { return string(appendNormalized(make([]byte, 0, len(s)), s)) }

// appendNormalized appends the folded form of s to b.
func appendNormalized(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '_' || c == '-' || c == '.' || c == ' ':
			continue
		case 'A' <= c && c <= 'Z':
			b = append(b, c+'a'-'A')
		default:
			b = append(b, c)
		}
	}
	return b
}

// Matcher reports whether a name is a dedupe-key name. The zero Matcher
// knows the built-in names only.
type Matcher struct {
	extra map[string]bool
	odd   bool // an extra name is long or has characters beyond nameChars
}

// NewMatcher returns a Matcher that also accepts the given names.
func NewMatcher(extra []string) *Matcher {
	m := &Matcher{extra: make(map[string]bool)}
	for _, e := range extra {
		if len(e) > 64 || !nameChars(e) {
			m.odd = true
		}
		if e = Normalize(strings.TrimSpace(e)); e != "" {
			m.extra[e] = true
		}
	}
	return m
}

// Configured reports whether m accepts names beyond the built-in ones.
func (m *Matcher) Configured() bool { return m != nil && len(m.extra) > 0 }

// IsKey reports whether name (a map key, field name, JSON tag or header
// name) names a dedupe key.
func (m *Matcher) IsKey(name string) bool {
	// It runs for every field, index and argument the passes look at:
	// normalize into a stack buffer, so that the common case allocates
	// nothing (map lookups by string(b) do not copy).
	// Without configured names, a name that ends as no built-in one
	// does is no key: most names, decided from their last bytes.
	if !m.Configured() && !builtinSuffix(name) {
		return false
	}
	// A name longer than the buffer, or with a character no key name
	// has (a format string, a path, a sentence), is no key: most
	// arguments the passes ask about are such strings.
	if (m == nil || !m.odd) && (len(name) > 64 || !nameChars(name)) {
		return false
	}
	var buf [64]byte
	return m.isKey(appendNormalized(buf[:0], name))
}

// builtinSuffixes are the endings of the normalized built-in key names:
// each name in exact ends with one, and so does each compound isKey
// accepts.
var builtinSuffixes = []string{"key", "token", "id", "idempotency"}

// builtinSuffix reports whether the normalized form of name ends with one
// of builtinSuffixes: a quick rejection of most names, before the
// normalization and the lookups.
func builtinSuffix(name string) bool {
	const max = len("idempotency")
	var buf [max]byte
	n := 0
	for i := len(name) - 1; i >= 0 && n < max; i-- {
		c := name[i]
		switch {
		case c == '_' || c == '-' || c == '.' || c == ' ':
			continue
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		}
		n++
		buf[max-n] = c
	}
	tail := buf[max-n:]
	for _, s := range builtinSuffixes {
		if bytes.HasSuffix(tail, []byte(s)) {
			return true
		}
	}
	return false
}

// nameChars reports whether s has only the characters of a key name:
// letters, digits and the separators Normalize drops.
func nameChars(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-' || c == '.' || c == ' ') {
			return false
		}
	}
	return true
}

// isKey is IsKey for the normalized name n.
func (m *Matcher) isKey(n []byte) bool {
	if len(n) == 0 || never[string(n)] {
		return false
	}
	if m != nil && m.extra[string(n)] {
		return true
	}
	if exact[string(n)] {
		return true
	}
	// Any "...idempotency{key,token,id}" or "...dedup(e|lication){key,id}"
	// compound, such as "order_idempotency_key" or "x-dedupe-id".
	if bytes.Contains(n, []byte("idempoten")) || bytes.Contains(n, []byte("dedup")) {
		return bytes.HasSuffix(n, []byte("key")) || bytes.HasSuffix(n, []byte("token")) || bytes.HasSuffix(n, []byte("id"))
	}
	return false
}

// JSONName returns the name part of a struct tag's json key, or "".
func JSONName(tag string) string {
	const k = `json:"`
	i := strings.Index(tag, k)
	if i < 0 {
		return ""
	}
	rest := tag[i+len(k):]
	j := strings.IndexAny(rest, `,"`)
	if j < 0 {
		return ""
	}
	return rest[:j]
}

// DescribesKey reports whether a parameter's description (an mcp-go
// Description, a go-sdk jsonschema tag) says that the parameter is an
// idempotency or deduplication key: it mentions idempotency or
// deduplication ("idempotency key for this order", "used to dedupe
// retries"). "idempotent" alone describes an operation, not a key.
func DescribesKey(desc string) bool {
	d := strings.ToLower(desc)
	return strings.Contains(d, "idempotency") || strings.Contains(d, "dedup") || strings.Contains(d, "de-dup")
}
