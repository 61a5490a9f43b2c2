// want package:"vocab"

// Package keytypes declares key names that its importers read: a field
// known as a key only by its JSON tag, one by its schema description, and
// a header name.
package keytypes

// Input is a tool's typed input.
type Input struct {
	Ref  string `json:"idempotency_key"`
	Dedu string `jsonschema:"an identifier used to dedupe retried calls"`
	Name string `json:"name"`
}

// Header is the name of the key header.
const Header = "Idempotency-Key"
