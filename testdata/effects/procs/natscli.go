package procs

import (
	"context"
	"os/exec"
)

// Runs of the NATS CLI (natscli), judged by its subcommand words after
// its global flags: the reads its table lists (nats stream state, nats
// rtt, nats account tls) are no effect, any other subcommand stays one.

// NatsExecutor runs nats with its authentication flags first, from an
// interface, and the callers' subcommand after them, as mcp-nats's
// executor does.
type NatsExecutor struct {
	URL  string
	Auth Auth
}

// Exec leaves the subcommand to its callers.
func (e *NatsExecutor) Exec(ctx context.Context, args ...string) ([]byte, error) { // want Exec:`effect\(process run: .* \[nats \$2...\]\)`
	base := e.Auth.Flags(e.URL)
	args = append(base, args...)
	return exec.CommandContext(ctx, "nats", args...).CombinedOutput()
}

// NatsStreamState shows a stream's state.
func NatsStreamState(ctx context.Context, e *NatsExecutor, stream string) ([]byte, error) { // ok: nats <flags> stream state <stream>
	args := []string{"stream", "state", stream}
	return e.Exec(ctx, args...)
}

// NatsStreamSubjects lists the subjects a stream holds.
func NatsStreamSubjects(ctx context.Context, e *NatsExecutor, stream string) ([]byte, error) { // ok: nats <flags> stream subjects <stream>
	return e.Exec(ctx, "stream", "subjects", stream)
}

// NatsRTT measures the round trip to the server.
func NatsRTT(ctx context.Context, e *NatsExecutor) ([]byte, error) { // ok: nats <flags> rtt
	return e.Exec(ctx, "rtt")
}

// NatsAccountTLS reports the server's TLS chain, with optional flags.
func NatsAccountTLS(ctx context.Context, e *NatsExecutor, expireWarn string, ocsp bool) ([]byte, error) { // ok: nats <flags> account tls [--expire-warn=W] [--ocsp]
	args := []string{"account", "tls"}
	if expireWarn != "" {
		args = append(args, "--expire-warn="+expireWarn)
	}
	if ocsp {
		args = append(args, "--ocsp")
	}
	return e.Exec(ctx, args...)
}

// NatsKVPut puts a value: a write.
func NatsKVPut(ctx context.Context, e *NatsExecutor, bucket, key, value string) ([]byte, error) { // want NatsKVPut:`effect\(process run: .* via \(\*procs.NatsExecutor\).Exec\)`
	args := []string{"kv", "put", bucket, key, value}
	return e.Exec(ctx, args...)
}

// NatsPub publishes a message.
func NatsPub(ctx context.Context, e *NatsExecutor, subject, body string) ([]byte, error) { // want NatsPub:`effect\(process run: .* via \(\*procs.NatsExecutor\).Exec\)`
	return e.Exec(ctx, "pub", subject, body)
}

// NatsConsumerNext takes and acks the next message of a consumer.
func NatsConsumerNext(ctx context.Context, e *NatsExecutor, stream, consumer string) ([]byte, error) { // want NatsConsumerNext:`effect\(process run: .* via \(\*procs.NatsExecutor\).Exec\)`
	return e.Exec(ctx, "consumer", "next", stream, consumer)
}

// NatsLiteralState names its server and credentials in constants: the
// flags' values are not the subcommand.
func NatsLiteralState(ctx context.Context, stream string) ([]byte, error) { // ok: nats -s URL --creds FILE stream state <stream>
	return exec.CommandContext(ctx, "nats", "-s", "nats://127.0.0.1:4222", "--creds", "/etc/nats/app.creds",
		"stream", "state", stream).Output()
}

// NatsLiteralRTT logs in with a constant user and password.
func NatsLiteralRTT(ctx context.Context) ([]byte, error) { // ok: nats --user U --password P --timeout 2s rtt
	return exec.CommandContext(ctx, "nats", "--user", "app", "--password", "secret", "--timeout", "2s", "rtt").Output()
}

// NatsLiteralPut writes after constant flags.
func NatsLiteralPut(ctx context.Context, key, value string) error { // want NatsLiteralPut:`effect\(process run: \(\*os/exec.Cmd\).Run\)`
	return exec.CommandContext(ctx, "nats", "-s", "nats://127.0.0.1:4222", "kv", "put", "config", key, value).Run()
}

// NatsServerRequest asks a server endpoint; its group also kicks
// connections (server request kick): an effect.
func NatsServerRequest(ctx context.Context, what string) ([]byte, error) { // want NatsServerRequest:`effect\(process run`
	return exec.CommandContext(ctx, "nats", "--context", "sys", "server", "request", what).Output()
}

// NatsStreamBackup writes a stream's backup to a local directory.
func NatsStreamBackup(ctx context.Context, stream, dir string) error { // want NatsStreamBackup:`effect\(process run`
	return exec.CommandContext(ctx, "nats", "stream", "backup", stream, dir).Run()
}

// MakeSilent keeps make's -s a switch: it takes a value for nats only,
// and the target is still the subcommand.
func MakeSilent(ctx context.Context) error { // want MakeSilent:`effect\(process run`
	return exec.CommandContext(ctx, "make", "-s", "deploy").Run()
}
