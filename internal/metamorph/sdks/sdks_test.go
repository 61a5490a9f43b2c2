// Package sdks runs the metamorphic suite over the fixture modules of the
// other SDKs and of old mcp-go versions.
package sdks

import (
	"testing"

	"github.com/mcpvet/mcpvet/internal/metamorph"
)

func TestMetamorphic(t *testing.T) {
	s := &metamorph.Suite{
		Groups: [][]string{
			{"sdk-cortex", "sdk-foxy", "sdk-gomcp", "sdk-mcpgolang", "sdk-trpc", "sdk-viant"},
			{"mcpgo-v0.20"}, {"mcpgo-v0.25"}, {"mcpgo-v0.44"}, {"gosdk-v0.1"}, {"gosdk-v0.2"},
		},
		Gaps:     gaps,
		GapsFile: "gaps_test.go",
		Package:  "sdks",
		NoMutationChange: map[string]string{
			"sdk-cortex mut-nokey":    "the keyed handler's INSERT ... ON CONFLICT DO NOTHING is idempotent by nature, key or not",
			"sdk-foxy mut-nokey":      "the keyed handler's INSERT ... ON CONFLICT DO NOTHING is idempotent by nature, key or not",
			"gosdk-v0.1 mut-hints":    "v0.1.0 has no annotation options: the one hint is set on the tool NewServerTool made, after it, and mcpvet leaves that tool's hints unknown (annotatedServerTool), so flipping it changes no finding",
			"sdk-mcpgolang mut-nokey": "ON CONFLICT DO NOTHING, and the field is still named IdempotencyKey (mut-nokey changes tags and strings, not field names)",
		},
	}
	s.Check(t)
}
