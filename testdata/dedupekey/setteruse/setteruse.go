// Package setteruse adds its tools to setterlib's server, which
// registers them.
package setteruse

import (
	"github.com/mark3labs/mcp-go/mcp"

	"example.com/dedupekey/setterlib"
)

// Run adds a write tool and an idempotent one, then starts.
func Run() {
	s := setterlib.New("tasks")
	deploy := mcp.NewTool("make_deploy")
	s.Add(&deploy, &setterlib.Task{Target: "deploy"})
	// ok: annotated idempotent.
	lint := mcp.NewTool("make_lint", mcp.WithIdempotentHintAnnotation(true))
	s.Add(&lint, &setterlib.Task{Target: "lint"})
	s.Start() // want `tool "make_deploy" is not idempotent but runs a process`
}
