// Package routed is a hand-written MCP server whose tools/call case, in
// a file that does not import encoding/json, hands the tool's name to a
// router function as a parameter; the router switches on it.
package routed

import (
	"encoding/json"
	"io"
)

// Message is a JSON-RPC message.
type Message struct {
	Method string         `json:"method"`
	Params map[string]any `json:"params"`
}

// Serve decodes one request and answers it.
func Serve(r io.Reader, dir string) (any, error) {
	var msg Message
	if err := json.NewDecoder(r).Decode(&msg); err != nil {
		return nil, err
	}
	return handle(msg, dir)
}
