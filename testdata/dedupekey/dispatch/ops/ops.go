// Package ops holds a domain's operations, in another package than the
// one that registers them.
package ops

import (
	"context"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
)

// Append appends a line to a file.
func Append(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	f, err := os.OpenFile(req.GetString("path", ""), os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	_, err = f.WriteString(req.GetString("line", ""))
	return nil, err
}

// Touch creates a file.
func Touch(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	f, err := os.Create(req.GetString("path", ""))
	if err != nil {
		return nil, err
	}
	return nil, f.Close()
}
