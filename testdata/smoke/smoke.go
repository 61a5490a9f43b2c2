// Package smoke anchors a module that requires the SDKs, so that the
// analyzer smoke test can load the SDKs' own examples at pinned versions.
package smoke

import (
	_ "github.com/mark3labs/mcp-go/server"
	_ "github.com/modelcontextprotocol/go-sdk/mcp"
)
