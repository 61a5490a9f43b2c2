// Command mcpvet finds retry-safety bugs in Go code that serves or calls
// MCP tools. Run it standalone (mcpvet ./...) or under go vet
// (go vet -vettool=$(which mcpvet) ./...); "mcpvet help NAME" explains a
// check.
package main

import (
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/mcpvet/mcpvet/analyzer"
)

func main() { multichecker.Main(analyzer.All()...) }
