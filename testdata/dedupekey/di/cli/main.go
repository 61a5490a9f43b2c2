// Command cli delegates to package cmd: it calls no function of the
// server's package, so it reports nothing itself.
package main

import "example.com/dedupekey/di/cli/cmd"

func main() { cmd.Execute() }
