package other

import (
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/dedupekey/logs"
)

func RegisterLogs(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "add_drop_rule"}, logs.AddDropRule) // want `tool "add_drop_rule" is not idempotent but writes a file \(logs.AddDropRule\)`
}
