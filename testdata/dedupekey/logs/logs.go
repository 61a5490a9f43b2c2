// Package logs serves an observability product's log tools: named like a
// log sink, but it imports the SDK, so what its handlers write counts.
package logs

import (
	"context"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type RuleIn struct {
	Rule string `json:"rule"`
}

// AddDropRule is registered by another package: what it writes reaches
// the registration through its effect fact.
func AddDropRule(ctx context.Context, req *mcp.CallToolRequest, in RuleIn) (*mcp.CallToolResult, any, error) {
	f, err := os.OpenFile("drop_rules.conf", os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	_, err = f.WriteString(in.Rule + "\n")
	return nil, nil, err
}
