// Package tooldef embeds the tools' definitions, as portainer-mcp's
// internal/tooldef does: main writes them to disk, the server reads them
// back at run time.
package tooldef

import _ "embed"

//go:embed tools.yaml
var ToolsFile []byte
