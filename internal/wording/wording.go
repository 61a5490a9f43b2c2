// Package wording words mcpvet's findings: one wording per kind of
// finding, shared by every check that reports that kind.
//
// A message is one clause, about 120 characters at most, that names the
// tool or call, the effect and what a retry does with it:
//
//	tool "charge" is not idempotent but writes a file (ledger.Ledger.Append) before reading a dedupe key: a retried call repeats it
//	CallTool("charge") is sent again by this loop after a failed attempt whose outcome is unknown: the tool can run twice
//	idempotency key "idempotency_key" is made anew on every attempt of this retry loop: the server sees each retry as a new operation
//
// That is what an editor's hover, a review comment or a CI log shows. The
// rest of the story is elsewhere: the fix and its alternatives in the
// message of the related position they apply to (the registration, the
// hint, the retry construct) and in the check's documentation (mcpvet
// help NAME), an automatic fix in its SuggestedFix, and the path from the
// handler to the effect in the related positions of the effect trail.
//
// Each kind has a Category, which the diagnostic carries: baseline
// fingerprints hash it rather than the wording (internal/baseline), so a
// rewording does not invalidate a baseline.
package wording

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// The kinds of finding, as diagnostic categories. They are part of the
// baseline fingerprint: do not rename them.
const (
	// UnkeyedEffect: a tool not marked idempotent (or marked, wrongly)
	// commits an effect before it reads a dedupe key (dedupekey; toolhints
	// under the category IdempotentHint).
	UnkeyedEffect = "unkeyed-effect"
	// FreshFallback: a handler replaces a missing client key with a
	// fresh one (dedupekey).
	FreshFallback = "fresh-fallback"
	// PerCallKey: a handler makes the key it sends downstream on every
	// call (dedupekey).
	PerCallKey = "per-call-key"
	// FreshKey: a retry makes a new idempotency key on every attempt
	// (freshkey).
	FreshKey = "fresh-key"
	// SDKKey: an SDK makes a new idempotency key on every attempt of a
	// retry, because the call carries none (freshkey: stripe-go, AWS).
	SDKKey = "sdk-key"
	// Resend: a tool call is sent again after a failure whose outcome is
	// unknown (readback).
	Resend = "resend"
	// RetryingTransport: a client or transport re-sends tools/call by
	// itself (readback).
	RetryingTransport = "retrying-transport"
	// EffectBeforeInput: a handler commits an effect before it returns
	// input requests (reinvoke).
	EffectBeforeInput = "effect-before-input"
	// ReadOnlyHint and IdempotentHint: a tool's hint that its handler
	// contradicts (toolhints).
	ReadOnlyHint   = "readonly"
	IdempotentHint = "idempotent"
)

// The consequences, one per kind of finding.
const (
	repeats   = "a retried call repeats it"
	runsTwice = "the tool can run twice"
	newOp     = "the server sees each retry as a new operation"
)

// Tool names a tool: `tool "charge"`, or "this tool" when its name is
// not known. Baseline fingerprints read the tool's name from the message
// in that form (baseline.ToolName).
func Tool(name string) string {
	if name == "" {
		return "this tool"
	}
	return fmt.Sprintf("tool %q", name)
}

// Func shortens a function's name as the effects block writes it to
// what a message shows: "(*ledger.Ledger).Append" is
// "ledger.Ledger.Append", "store.Save (implemented by (*db.Store).Save)"
// is "store.Save, implemented by db.Store.Save". The related positions
// carry the rest of the way to the effect.
func Func(name string) string {
	name, impl, ok := strings.Cut(name, " (implemented by ")
	name = shortFunc(name)
	if ok {
		name += ", implemented by " + shortFunc(strings.TrimSuffix(impl, ")"))
	}
	return name
}

func shortFunc(name string) string {
	if i := strings.Index(name, " ("); i > 0 {
		name = name[:i]
	}
	if strings.HasPrefix(name, "(*") {
		if i := strings.Index(name, ")."); i > 0 {
			name = name[2:i] + name[i+1:]
		}
	}
	// A full name from the catalogue: "database/sql.DB.ExecContext" is
	// "sql.DB.ExecContext".
	if i := strings.LastIndex(name, "/"); i >= 0 {
		name = name[i+1:]
	}
	return name
}

// verbs words the effect kinds of the effects block's catalogue as verb
// phrases.
var verbs = map[string]string{
	"file write":        "writes a file",
	"remote file write": "writes a remote file",
	"SQL write":         "writes to an SQL database",
	"HTTP request":      "sends an HTTP request",
	"process run":       "runs a process",
	"message publish":   "publishes a message",
	"email send":        "sends an email",
	"mailbox write":     "writes to a mailbox",
	"Redis write":       "writes to Redis",
	"MongoDB write":     "writes to MongoDB",
	"GitHub write":      "writes to GitHub",
	"remote mutation":   "changes remote state",
	"configured sink":   "calls a configured sink",
	"debugger command":  "sends a debugger command",
	"COM write":         "writes through COM automation",
	"git write":         "writes to a git repository",
}

// Effect words an effect of the given kind ("file write"), committed
// through fn, as a verb phrase: "writes a file (ledger.Ledger.Append)".
// An HTTP request whose method is known names it: "sends an HTTP POST
// (api.Client.Create)". An unknown kind is "commits a KIND".
func Effect(kind, method, fn string) string {
	v := verbs[kind]
	switch {
	case kind == "HTTP request" && method != "":
		v = "sends an HTTP " + method
	case v == "":
		v = "commits " + Article(kind)
	}
	if fn = Func(fn); fn != "" {
		v += " (" + fn + ")"
	}
	return v
}

// Article prefixes a noun with "a" or "an": "a file write", "an HTTP
// request", "an SQL write" (initialisms are read letter by letter).
func Article(kind string) string {
	if kind == "" {
		return "an effect"
	}
	for _, an := range []string{"HTTP", "SQL", "SMTP", "RPC", "S3", "SNS", "SQS"} {
		if strings.HasPrefix(kind, an) {
			return "an " + kind
		}
	}
	if strings.ContainsRune("aeiouAEIOU", rune(kind[0])) {
		return "an " + kind
	}
	return "a " + kind
}

// UnkeyedEffectMessage words an UnkeyedEffect: a tool that is not
// idempotent (or, with idemByNature, not marked idempotent although the
// effect looks idempotent by nature) commits an effect before it reads a
// dedupe key.
//
//	tool "charge" is not idempotent but writes a file (ledger.Ledger.Append) before reading a dedupe key: a retried call repeats it
func UnkeyedEffectMessage(tool, effect string, idemByNature bool) string {
	if idemByNature {
		return fmt.Sprintf("%s is not marked idempotent and %s before reading a dedupe key: %s", Tool(tool), effect, repeats)
	}
	return fmt.Sprintf("%s is not idempotent but %s before reading a dedupe key: %s", Tool(tool), effect, repeats)
}

// SharedWith words the other tools whose registrations share a reported
// handler, appended to the finding: each must be fixed too.
//
//	(also for tools "sheets_comment" and "slides_comment", which share the handler)
func SharedWith(tools []string) string {
	if len(tools) == 0 {
		return ""
	}
	q := make([]string, 0, len(tools))
	for i, n := range tools {
		if i == 3 {
			q = append(q, fmt.Sprintf("%d more", len(tools)-3))
			break
		}
		q = append(q, strconv.Quote(n))
	}
	list := q[0]
	if len(q) > 1 {
		list = strings.Join(q[:len(q)-1], ", ") + " and " + q[len(q)-1]
	}
	if len(tools) == 1 {
		return fmt.Sprintf(" (also for tool %s, which shares the handler)", list)
	}
	return fmt.Sprintf(" (also for tools %s, which share the handler)", list)
}

// toolNamed matches the tool a message names (Tool) and the list of
// SharedWith.
var (
	toolNamed  = regexp.MustCompile(`\btool ("(?:[^"\\]|\\.)*")`)
	sharedList = regexp.MustCompile(`\(also for tools? (.*), which shares? the handler\)`)
	quoted     = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)
)

// ToolsNamed returns the names of the tools a message is about: the one
// it names (Tool) and those that share its handler (SharedWith); none
// for a message that names no tool. all is false when SharedWith left
// some out ("and 2 more").
func ToolsNamed(msg string) (names []string, all bool) {
	var out []string
	all = true
	add := func(q string) {
		if n, err := strconv.Unquote(q); err == nil {
			out = append(out, n)
		}
	}
	if m := toolNamed.FindStringSubmatch(msg); m != nil {
		add(m[1])
	}
	if m := sharedList.FindStringSubmatch(msg); m != nil {
		for _, q := range quoted.FindAllString(m[1], -1) {
			add(q)
		}
		all = !strings.HasSuffix(m[1], " more")
	}
	return out, all
}

// WrongIdempotentHint words an IdempotentHint finding: a tool annotated
// idempotent commits an effect that is not, before reading a dedupe key.
//
//	tool "append" is annotated idempotent but writes a file (os.OpenFile) before reading a dedupe key: a retried call repeats it
func WrongIdempotentHint(tool, effect string) string {
	return fmt.Sprintf("%s is annotated idempotent but %s before reading a dedupe key: %s", Tool(tool), effect, repeats)
}

// WrongReadOnlyHint words a ReadOnlyHint finding.
//
//	tool "lookup" is annotated read-only but writes a file (os.WriteFile): clients retry it freely and repeat the write
func WrongReadOnlyHint(tool, effect string) string {
	return fmt.Sprintf("%s is annotated read-only but %s: clients retry it freely and repeat the write", Tool(tool), effect)
}

// FreshFallbackMessage words a FreshFallback.
//
//	tool "charge" falls back to a fresh dedupe key when the client sends none: a retried call without a key repeats it
func FreshFallbackMessage(tool string) string {
	return fmt.Sprintf("%s falls back to a fresh dedupe key when the client sends none: a retried call without a key repeats it", Tool(tool))
}

// MadeAnew words a FreshKey, an SDKKey or a PerCallKey: the key what is
// made anew on every attempt of a retry, or on every call of a tool.
//
//	idempotency key "idempotency_key" is made anew on every attempt of this retry loop: the server sees each retry as a new operation
func MadeAnew(what, every string) string {
	return fmt.Sprintf("%s is made anew on every %s: %s", what, every, newOp)
}

// Resent words a Resend: what is sent again after a failed attempt
// whose outcome is unknown.
//
//	CallTool("charge") is sent again by this loop after a failed attempt whose outcome is unknown: the tool can run twice
func Resent(what string) string {
	return fmt.Sprintf("%s after a failed attempt whose outcome is unknown: %s", what, runsTwice)
}

// ResentUnseen words a RetryingTransport: what re-sends every request
// after the failures named.
//
//	the HTTP client of this MCP transport (go-retryablehttp) re-sends a POST after a connection error or a 5xx: the tool can run twice unseen
func ResentUnseen(what string) string {
	return fmt.Sprintf("%s: %s unseen", what, runsTwice)
}

// EffectBeforeInputMessage words an EffectBeforeInput: who (a Tool, or
// "this function") commits an effect before it returns input requests.
//
//	tool "order" writes a file (store.Save) before returning input requests: the answer runs the handler again and repeats it
func EffectBeforeInputMessage(who, effect string) string {
	return fmt.Sprintf("%s %s before returning input requests: the answer runs the handler again and repeats it", who, effect)
}

// Fix appends a fix to the message of a related position: "retry loop;
// create the key once before the loop and reuse it".
func Fix(where, fix string) string {
	return where + "; " + fix
}
