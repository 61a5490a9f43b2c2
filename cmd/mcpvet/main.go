// Command mcpvet finds retry-safety bugs in Go code that serves or calls
// MCP tools. Run it standalone (mcpvet ./...) or under go vet
// (go vet -vettool=$(which mcpvet) ./...); "mcpvet help NAME" explains a
// check. "mcpvet -sarif FILE ./..." writes SARIF 2.1.0 for code scanning.
//
// Under go vet the command is multichecker.Main. Standalone, it runs
// itself as a child and passes the child's standard error through
// errorFilter, so that a bad flag or a package that does not load gives
// one line, not a usage text and a line per analyzer. The child runs its
// own driver (runStandalone) for -json output, which the parent asks
// for, and multichecker.Main for the rest.
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/mcpvet/mcpvet/analyzer"
)

func main() {
	args := os.Args[1:]
	switch {
	case len(args) == 1 && args[0] == "-V=full":
		printVersion() // go vet asks for the tool's ID
	case vetMode(args):
		quietUsage(args)
		multichecker.Main(analyzer.All()...)
	case os.Getenv(childEnv) != "":
		// The parent handles -sarif before it starts the child; the flag
		// is declared here so that "mcpvet -h" lists it. (Not under go
		// vet, which would pass it on to a tool that ignores it.)
		flag.String("sarif", "", "write the findings as SARIF 2.1.0 to `FILE` (- for standard output) instead of text")
		flag.String("write-baseline", "", "record the findings in the baseline `FILE` (for -mcpvet_config.baseline) instead of printing them")
		if code, ok := runStandalone(args, analyzer.All()); ok {
			os.Exit(code)
		}
		quietUsage(args)
		multichecker.Main(analyzer.All()...)
	case len(args) > 0 && args[0] == "tools":
		os.Exit(runTools(args[1:], os.Stdout))
	case len(args) == 1 && args[0] == "help":
		overview(os.Stdout, analyzer.Suite) // "mcpvet help NAME" is the driver's
	case len(args) == 2 && args[0] == "help" && isTopic(args[1]):
		printTopic(os.Stdout, args[1]) // docs/*.md
	case len(args) > 0:
		if file, rest, ok := valueArg(args, "write-baseline"); ok {
			os.Exit(runWriteBaseline(file, rest))
		}
		if file, rest, ok := sarifArgs(args); ok {
			os.Exit(finish(runSARIF(file, rest)))
		}
		if n, rest, ok := textArgs(args); ok {
			os.Exit(finish(runText(n, rest)))
		}
		os.Exit(finish(runChild(args, os.Stdout)))
	default:
		fmt.Fprint(os.Stderr, usage)
		os.Exit(1)
	}
}

// vetMode reports whether go vet runs the command: with a .cfg file, or to
// ask for its flags (-flags) or version (-V=full).
func vetMode(args []string) bool {
	if len(args) == 0 {
		return false
	}
	last := args[len(args)-1]
	return strings.HasSuffix(last, ".cfg") || last == "-flags" || strings.HasPrefix(last, "-V")
}
