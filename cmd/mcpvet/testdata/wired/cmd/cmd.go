// Package cmd wires the stock tools to the file store, for a main that
// only calls cmd.Execute(). It has tests, so go vet reports from its test
// variant: the memory store its test declares is the tests' wiring, not the
// program's, and does not hide the finding.
package cmd

import (
	"example.com/shop/mcptool"
	"example.com/wired/filestock"
	"example.com/wired/stock"
)

// Execute builds the tools and returns them.
func Execute() []mcptool.ServerTool {
	return stock.Tools(&filestock.Store{Path: "stock.txt"}) // expect: dedupekey
}
