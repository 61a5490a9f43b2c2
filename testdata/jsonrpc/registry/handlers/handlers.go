// Package handlers holds tools as types with an Execute method, the
// shape the registry package dispatches to.
package handlers

import (
	"database/sql"
	"net/http"
	"strings"
)

// SendMessageTool posts a message.
type SendMessageTool struct{ base string }

// NewSendMessageTool returns the tool.
func NewSendMessageTool(base string) *SendMessageTool { return &SendMessageTool{base: base} }

func (t *SendMessageTool) Name() string { return "send_message" }

func (t *SendMessageTool) Execute(args map[string]any) (string, error) {
	text, _ := args["text"].(string)
	resp, err := http.Post(t.base+"/messages", "text/plain", strings.NewReader(text))
	if err != nil {
		return "", err
	}
	resp.Body.Close()
	return resp.Status, nil
}

// ListMessagesTool reads messages.
type ListMessagesTool struct{ base string }

// NewListMessagesTool returns the tool.
func NewListMessagesTool(base string) *ListMessagesTool { return &ListMessagesTool{base: base} }

func (t *ListMessagesTool) Name() string { return "list_messages" }

func (t *ListMessagesTool) Execute(args map[string]any) (string, error) {
	resp, err := http.Get(t.base + "/messages")
	if err != nil {
		return "", err
	}
	resp.Body.Close()
	return resp.Status, nil
}

// ArchiveTool inserts a row.
type ArchiveTool struct{ db *sql.DB }

// NewArchiveTool returns the tool.
func NewArchiveTool(db *sql.DB) *ArchiveTool { return &ArchiveTool{db: db} }

func (t *ArchiveTool) Name() string { return "archive_message" }

func (t *ArchiveTool) Execute(args map[string]any) (string, error) {
	id, _ := args["id"].(string)
	if _, err := t.db.Exec("INSERT INTO archive (message_id) VALUES (?)", id); err != nil {
		return "", err
	}
	return "archived", nil
}
