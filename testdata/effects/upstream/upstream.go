// Package upstream commits effects directly.
package upstream

import (
	"context"
	"database/sql"
	"net/http"
	"os"
	"os/exec"
	"strings"
)

func WriteConfig(b []byte) error { // want WriteConfig:`effect\(file write: os.WriteFile\)`
	return os.WriteFile("config", b, 0o644)
}

func AppendLog(line string) error { // want AppendLog:`effect\(file write: os.OpenFile\)`
	f, err := os.OpenFile("log", os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	return f.Close()
}

func ReadConfig() ([]byte, error) { // ok: O_RDONLY
	f, err := os.OpenFile("config", os.O_RDONLY, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return nil, nil
}

func Insert(ctx context.Context, db *sql.DB) error { // want Insert:`effect\(SQL write: \(\*database/sql.DB\).ExecContext\)`
	_, err := db.ExecContext(ctx, "INSERT INTO t VALUES (1)")
	return err
}

func Select(ctx context.Context, db *sql.DB) error { // ok: a constant SELECT through Exec
	_, err := db.ExecContext(ctx, "SELECT 1")
	return err
}

func InsertReturning(ctx context.Context, db *sql.DB) error { // want InsertReturning:`effect\(SQL write`
	return db.QueryRowContext(ctx, "-- name: CreateOrder :one\nINSERT INTO orders DEFAULT VALUES RETURNING id").Scan(new(int))
}

func Post(ctx context.Context) error { // want Post:`effect\(HTTP POST: \(\*net/http.Client\).Do\)`
	req, _ := http.NewRequestWithContext(ctx, "POST", "http://x", strings.NewReader(""))
	_, err := http.DefaultClient.Do(req)
	return err
}

func Get(ctx context.Context) error { // want Get:`http\(read\)`
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, "http://x", nil)
	_, err := http.DefaultClient.Do(req)
	return err
}

func Unknown(ctx context.Context, method string) error { // want Unknown:`http\(sends method of param 1 http://x\)`
	req, _ := http.NewRequestWithContext(ctx, method, "http://x", nil)
	_, err := http.DefaultClient.Do(req)
	return err
}

func Run(ctx context.Context) error { // want Run:`effect\(process run`
	return exec.CommandContext(ctx, "terraform", "apply").Run()
}

func Print(s string) { // ok: standard streams
	os.Stdout.WriteString(s)
	out := os.Stderr
	out.WriteString(s)
}

func Temp(b []byte) error { // ok: temporary files
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	return os.WriteFile(dir+"/f", b, 0o644)
}

// Alias is a package-level alias of os.WriteFile.
var Alias = os.WriteFile // want Alias:`effect\(file write: os.WriteFile\)`

func KeyOf(args map[string]any) string { // want KeyOf:`keyread\(idempotency_key from 0\)`
	s, _ := args["idempotency_key"].(string)
	return s
}

func GitRemote(ctx context.Context, path string) ([]byte, error) { // ok: a read-only git subcommand
	return exec.CommandContext(ctx, "git", "-C", path, "remote", "get-url", "origin").Output()
}

func SelfExec(ctx context.Context, args []string) error { // ok: re-exec of the program itself
	cmd := exec.CommandContext(ctx, os.Args[0], args...)
	cmd.Env = nil
	return cmd.Start()
}

func GoList(ctx context.Context, verb string) error { // want GoList:`effect\(process run: \(\*os/exec.Cmd\).Run \[go \$2...\]\)`
	// The subcommand is the caller's: judged at each call site.
	return exec.CommandContext(ctx, "go", verb).Run()
}

func Shell(ctx context.Context, command string) ([]byte, error) { // want Shell:`effect\(process run`
	return exec.CommandContext(ctx, "bash", "-c", command).CombinedOutput()
}

func Processes(ctx context.Context) ([]byte, error) { // ok: a constant command known to be read-only
	return exec.CommandContext(ctx, "ps", "axo", "pid").Output()
}

func Kubectl(ctx context.Context, args []string) ([]byte, error) { // want Kubectl:`effect\(process run`
	cmd := exec.CommandContext(ctx, "kubectl", args...)
	return cmd.Output()
}

func KubectlGet(ctx context.Context) ([]byte, error) { // ok: a read-only subcommand
	return exec.CommandContext(ctx, "kubectl", "get", "pods").Output()
}
