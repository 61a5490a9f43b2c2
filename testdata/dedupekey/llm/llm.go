// Package llm asks a model through go-openai: a completion or an
// embedding is computed and returned (a POST that reads), while an
// uploaded file or a new thread is state OpenAI keeps.
package llm

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	openai "github.com/sashabaranov/go-openai"
)

type In struct {
	Text string `json:"text"`
}

func Register(s *mcp.Server, c *openai.Client) {
	// ok: a chat completion stores nothing.
	mcp.AddTool(s, &mcp.Tool{Name: "summarize"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		resp, err := c.CreateChatCompletion(ctx, openai.ChatCompletionRequest{
			Model:    openai.GPT4o,
			Messages: []openai.ChatCompletionMessage{{Role: openai.ChatMessageRoleUser, Content: in.Text}},
		})
		if err != nil {
			return nil, nil, err
		}
		return nil, resp.Choices[0].Message.Content, nil
	})
	// ok: nor does an embedding.
	mcp.AddTool(s, &mcp.Tool{Name: "embed"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		resp, err := c.CreateEmbeddings(ctx, openai.EmbeddingRequest{Input: []string{in.Text}, Model: openai.SmallEmbedding3})
		if err != nil {
			return nil, nil, err
		}
		return nil, len(resp.Data), nil
	})
	mcp.AddTool(s, &mcp.Tool{Name: "upload_notes"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		f, err := c.CreateFile(ctx, openai.FileRequest{FileName: "notes.txt", FilePath: in.Text, Purpose: "assistants"}) // want `tool "upload_notes" is not idempotent but changes remote state \(openai.Client.CreateFile\)`
		if err != nil {
			return nil, nil, err
		}
		return nil, f.ID, nil
	})
	// Deleting a file converges: the softer finding.
	mcp.AddTool(s, &mcp.Tool{Name: "delete_notes"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, c.DeleteFile(ctx, in.Text) // want `tool "delete_notes" is not marked idempotent and changes remote state \(openai.Client.DeleteFile\)`
	})
}
