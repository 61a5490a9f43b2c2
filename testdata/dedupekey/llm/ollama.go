package llm

import (
	"bytes"
	"context"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Ollama asks a local model over its REST API (the ml-notes shape): a
// POST to /api/generate computes an answer; the notes service beside it
// stores one with each POST to /api/notes.
type Ollama struct {
	hc       *http.Client
	endpoint string
}

func (o *Ollama) post(path string, body []byte) error {
	resp, err := o.hc.Post(o.endpoint+path, "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (o *Ollama) Generate(prompt string) error { return o.post("/api/generate", []byte(prompt)) }

func (o *Ollama) SaveNote(text string) error { return o.post("/api/notes", []byte(text)) }

func RegisterOllama(s *mcp.Server, o *Ollama) {
	// ok: inference stores nothing.
	mcp.AddTool(s, &mcp.Tool{Name: "suggest_tags"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, o.Generate(in.Text)
	})
	mcp.AddTool(s, &mcp.Tool{Name: "save_note"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, o.SaveNote(in.Text) // want `tool "save_note" is not idempotent but sends an HTTP POST`
	})
}
