// Package vendorctl runs a vendor's command-line tool that no table
// knows, from a dependency module. Analyzed as a package of its own
// module (TestHTTPFacts), every line is an effect but info.
package vendorctl

import (
	"context"
	"os/exec"
)

// Restart runs the tool with a write word: evidence in a dependency too.
func Restart(ctx context.Context, app string) ([]byte, error) { // want Restart:`effect\(process run`
	return exec.CommandContext(ctx, "vendorctl", "--json", "restart", app).Output()
}

// Info runs the tool with a read word.
func Info(ctx context.Context, app string) ([]byte, error) {
	return exec.CommandContext(ctx, "vendorctl", "--json", "info", app).Output()
}

// Launch runs the tool's run word, which passes on to a command it does
// not name: in a dependency, not judged.
func Launch(ctx context.Context, app string) ([]byte, error) { // want Launch:`effect\(process run`
	return exec.CommandContext(ctx, "vendorctl", "run", app).Output()
}
