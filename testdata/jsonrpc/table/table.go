// Package table is a hand-written MCP server whose handlers are
// functions in a package-level map literal, dispatched when a request's
// method equals "tools/call".
package table

import (
	"encoding/json"
	"errors"
	"os"
)

type handlerFunc func(args map[string]string) (string, error)

var handlers = map[string]handlerFunc{
	"create_note": createNote,
	"read_note":   readNote,
}

func createNote(args map[string]string) (string, error) {
	f, err := os.OpenFile(args["path"], os.O_APPEND|os.O_WRONLY|os.O_CREATE, 0o644) // want `tool "create_note" is not idempotent but writes a file`
	if err != nil {
		return "", err
	}
	defer f.Close()
	_, err = f.WriteString(args["text"] + "\n")
	return "ok", err
}

func readNote(args map[string]string) (string, error) {
	b, err := os.ReadFile(args["path"])
	return string(b), err
}

type call struct {
	Name      string            `json:"name"`
	Arguments map[string]string `json:"arguments"`
}

// Handle answers one request.
func Handle(method string, params json.RawMessage) (string, error) {
	if method == "tools/call" {
		var c call
		if err := json.Unmarshal(params, &c); err != nil {
			return "", err
		}
		h, ok := handlers[c.Name]
		if !ok {
			return "", errors.New("unknown tool")
		}
		return h(c.Arguments)
	}
	return "", errors.New("method not found")
}
