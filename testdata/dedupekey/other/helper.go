package other

import (
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/dedupekey/gosdk"
)

// register is the project's registration helper: each call of it is a
// registration of its own, reported at the handler the call gives it
// (where the user changes it), not at the helper's one AddTool.
func register[In, Out any](s *mcp.Server, t *mcp.Tool, h mcp.ToolHandlerFor[In, Out]) {
	mcp.AddTool(s, t, h)
}

func RegisterViaHelper(s *mcp.Server) {
	register(s, &mcp.Tool{Name: "helper_write"}, gosdk.Exported) // want `tool "helper_write" is not idempotent but writes a file \(gosdk.Exported\) .*\(also for tools "remote" and "remote_again", which share the handler\)`
	register(s, &mcp.Tool{
		Name:        "helper_idem",
		Annotations: &mcp.ToolAnnotations{IdempotentHint: true},
	}, gosdk.Exported) // ok: annotated idempotent
}
