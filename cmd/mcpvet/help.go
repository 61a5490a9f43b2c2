package main

import (
	"fmt"
	"io"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpvet/mcpvet/docs"
)

// usage is what mcpvet prints when run without arguments.
const usage = `mcpvet finds retry-safety bugs in Go code that serves or calls MCP tools.

Usage: mcpvet [-flag] [package...]       e.g. mcpvet ./...

Run 'mcpvet help' for an overview and the list of checks,
 'mcpvet help NAME' for a check's documentation and flags,
 'mcpvet -h' for all flags.
`

// helpSections are the parts of "mcpvet help" after the introduction and
// before the list of checks, in order. A section is a title and its
// text, indented by two spaces when printed.
var helpSections = []struct{ title, text string }{
	{"Running it", `
mcpvet ./...                               text on standard error, exit 3 if there are findings
mcpvet -json ./...                         JSON on standard output, exit 0
mcpvet -sarif FILE ./...                   SARIF 2.1.0 for code scanning (- for standard output)
mcpvet -dedupekey -readback ./...          only the named checks
mcpvet -fix ./...                          apply the suggested fixes (-fix -diff to show them)
go vet -vettool=$(which mcpvet) ./...      under go vet, with facts cached by the go command
mcpvet tools ./...                         the tool inventory: hints, effects, findings (-json, -markdown)
mcpvet -write-baseline FILE ./...          record today's findings; -mcpvet_config.baseline=FILE drops them

Text output is "file:line:col: message (check)", in file and line order.
The message is one clause: the tool or call, the effect, what a retry
does. Each related position (the registration, the hint or the retry,
with the fix; the calls on the way to the write) follows on an indented
line. Exit codes: 0 no findings, 1 an error, 2 a bad flag, 3 findings.
A package that does not type-check is checked where it does, and named.`},
	{"Other drivers", `
golangci-lint  analyzer/golangci registers module plugins, one per check
               (dedupekey, readback, ...) and "mcpvet" for the whole suite;
               build with "golangci-lint custom" or scripts/build-golangci.sh.
gopls          scripts/build-gopls.sh builds gopls with the checks added;
               point the editor's gopls at that binary.
nogo (Bazel)   each check is a package with "var Analyzer":
               github.com/mcpvet/mcpvet/passes/{dedupekey,readback,freshkey,
               reinvoke,toolhints}, plus passes/config for the flags.`},
	{"Flags", `
Shared by every check, on the mcpvet_config pseudo-analyzer (the same
under go vet): -mcpvet_config.keys (extra dedupe-key names),
-mcpvet_config.sinks and -mcpvet_config.nonsinks (functions that are, or
are not, side effects), -mcpvet_config.readbacks (functions that read
back a tool call's outcome), -mcpvet_config.module,
-mcpvet_config.baseline (a file of findings to drop).`},
	{"Configuration file", `
.mcpvet.yaml at the module root, read by every driver; flags override it:

  keys: [op_nonce]
  nonsinks: ["(*example.com/store.Cache).Put"]
  baseline: mcpvet-baseline.json
  exclude: {dedupekey: [internal/legacy/], all: ["*_gen.go"]}

'mcpvet help mcpvet_config' documents it and the baseline.`},
	{"Suppressing a finding", `
//mcpvet:ignore CHECK reason       on the line, the line above, the registration
                                  or the enclosing function's doc comment
//mcpvet:idempotent reason         on a handler: it dedupes in a way mcpvet cannot see`},
}

// overview writes "mcpvet help": what mcpvet finds and why, how to run
// it, and the checks of suite with their titles.
func overview(w io.Writer, suite []*analysis.Analyzer) {
	fmt.Fprint(w, `mcpvet finds retry-safety bugs in Go code that serves or calls MCP tools,
with the official go-sdk, mark3labs/mcp-go (v0.20 on) or, by tables,
ThinkInAIXYZ/go-mcp, trpc-mcp-go, mcp-golang, cortex, foxy-contexts and viant/mcp.

A tool call that fails on the client may still have run on the server: a
timeout, a dropped connection or a restarted server says "no answer",
never "not done". Clients re-send such calls (the MCP specification tells
them to, with a new JSON-RPC id), and nothing in the protocol carries a
dedupe key, so the side effect runs twice: two charges, two orders, two
messages. mcpvet finds the server handlers that commit a side effect
without reading a dedupe key, the clients that re-send without reading
back the outcome or with a new key per attempt, and tool annotations that
promise more than the handler keeps.
`)
	for _, s := range helpSections {
		fmt.Fprintf(w, "\n%s:\n", s.title)
		for _, line := range strings.Split(strings.TrimPrefix(s.text, "\n"), "\n") {
			if line == "" {
				fmt.Fprintln(w)
				continue
			}
			fmt.Fprintln(w, "  "+line)
		}
	}
	fmt.Fprint(w, "\nChecks (all run by default):\n\n")
	width := 0
	for _, a := range suite {
		width = max(width, len(a.Name))
	}
	for _, a := range suite {
		title, _, _ := strings.Cut(a.Doc, "\n")
		fmt.Fprintf(w, "  %-*s  %s\n", width, a.Name, title)
	}
	fmt.Fprint(w, "\nRun 'mcpvet help NAME' for a check's documentation, with a wrong and a\nright example, the findings it reports and their fixes, and its flags.\n")
	fmt.Fprint(w, "\nTopics (mcpvet help TOPIC):\n\n")
	width = 0
	for _, t := range docs.Topics {
		width = max(width, len(t.Name))
	}
	for _, t := range docs.Topics {
		fmt.Fprintf(w, "  %-*s  %s\n", width, t.Name, t.Title)
	}
}

// isTopic reports whether name is a help topic (docs.Topics) rather than
// a check.
func isTopic(name string) bool {
	_, ok := docs.Topic(name)
	return ok
}

// printTopic writes a help topic, the Markdown of docs/NAME.md.
func printTopic(w io.Writer, name string) {
	text, _ := docs.Topic(name)
	fmt.Fprint(w, text)
}
