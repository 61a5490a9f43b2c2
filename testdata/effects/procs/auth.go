package procs // want package:"hidden\\(anonAuth, devProfile, prodProfile, userAuth\\)"

import (
	"context"
	"os/exec"
)

// A command line whose leading flags come from an interface (the
// authentication of mcp-nats's executor), and whose variadic parameter
// is reassigned to follow them.

// Auth gives the flags that authenticate a run of mytool.
type Auth interface {
	Flags(url string) []string
}

type anonAuth struct{}

func (anonAuth) Flags(url string) []string { return []string{"-s", url} }

type userAuth struct{ user, password string }

func (u *userAuth) Flags(url string) []string {
	return []string{"-s", url, "--user", u.user, "--password", u.password}
}

// Executor runs mytool with its authentication flags first.
type Executor struct {
	URL  string
	Auth Auth
}

// Exec leaves the subcommand to its callers: the implementations of
// Auth give flags only.
func (e *Executor) Exec(ctx context.Context, args ...string) ([]byte, error) { // want Exec:`effect\(process run: .* \[mytool \$2...\]\)`
	base := e.Auth.Flags(e.URL)
	args = append(base, args...)
	return exec.CommandContext(ctx, "mytool", args...).Output()
}

// ExecStatus reads through the executor.
func ExecStatus(ctx context.Context, e *Executor, name string) ([]byte, error) { // ok: mytool <flags> status
	args := []string{"status", name}
	return e.Exec(ctx, args...)
}

// ExecCreate writes through the executor.
func ExecCreate(ctx context.Context, e *Executor, name string) ([]byte, error) { // want ExecCreate:`effect\(process run: .* via \(\*procs.Executor\).Exec\)`
	return e.Exec(ctx, "create", name)
}

// Profile gives a profile word that mytool reads as its subcommand.
type Profile interface {
	Words() []string
}

type prodProfile struct{}

func (prodProfile) Words() []string { return []string{"--region", "eu", "prod"} }

type devProfile struct{}

func (devProfile) Words() []string { return []string{"-v"} }

// ProfiledExec puts a word that is not a flag before its callers'
// arguments: the subcommand is not theirs, and the run stays an effect.
type ProfiledExec struct{ P Profile }

func (e *ProfiledExec) Exec(ctx context.Context, args ...string) ([]byte, error) { // want Exec:`effect\(process run: \(\*os/exec.Cmd\).Output\)`
	args = append(e.P.Words(), args...)
	return exec.CommandContext(ctx, "mytool", args...).Output()
}

// ExecList grows a nil slice into a read.
func ExecList(ctx context.Context, e *Executor, expect string) ([]byte, error) { // ok: mytool <flags> server list [expect]
	var args []string
	args = append(args, "server", "list")
	if expect != "" {
		args = append(args, expect)
	}
	return e.Exec(ctx, args...)
}

// ExecRestart grows a nil slice into a write.
func ExecRestart(ctx context.Context, e *Executor, name string) ([]byte, error) { // want ExecRestart:`effect\(process run: .* via \(\*procs.Executor\).Exec\)`
	var args []string
	args = append(args, "server", "restart", name)
	return e.Exec(ctx, args...)
}

// ExecWatch watches a bucket: a read.
func ExecWatch(ctx context.Context, e *Executor, bucket string) ([]byte, error) { // ok: mytool <flags> kv watch <bucket>
	return e.Exec(ctx, "kv", "watch", bucket)
}

// ExecGiven passes on a slice it did not build: the subcommand is not
// known here.
func ExecGiven(ctx context.Context, e *Executor, args []string) ([]byte, error) { // want ExecGiven:`effect\(process run: .* \[mytool \$3...\]\)`
	var pre []string
	pre = append(pre, args...)
	return e.Exec(ctx, pre...)
}
