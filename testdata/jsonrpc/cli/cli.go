// Package cli dispatches commands by name from a map, as a server does
// its tools, but it speaks no MCP: its commands are no tools.
package cli

import (
	"fmt"
	"net/http"
	"strings"
)

type command func(args []string) error

var commands = map[string]command{}

func init() {
	commands["post"] = func(args []string) error {
		resp, err := http.Post("https://example.com/notes", "text/plain", strings.NewReader(strings.Join(args, " ")))
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}
}

// Run runs the command named by args[0].
func Run(args []string) error {
	switch args[0] {
	case "help":
		fmt.Println("commands: post")
		return nil
	}
	cmd, ok := commands[args[0]]
	if !ok {
		return fmt.Errorf("unknown command %q", args[0])
	}
	return cmd(args[1:])
}
