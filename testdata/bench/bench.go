// Package bench anchors the benchmark corpus: the SDKs with their
// examples, a real server, and golang.org/x/tools as the large module, at
// pinned versions (scripts/bench.sh).
package bench

import (
	_ "github.com/mark3labs/mcp-filesystem-server/filesystemserver"
	_ "github.com/mark3labs/mcp-go/server"
	_ "github.com/modelcontextprotocol/go-sdk/mcp"
	_ "golang.org/x/tools/go/packages"
)
