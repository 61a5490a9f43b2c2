package client_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	democlient "github.com/mcpvet/mcpvet/demo/client"
	"github.com/mcpvet/mcpvet/demo/fixed/client"
	"github.com/mcpvet/mcpvet/demo/fixed/gosdk/server"
	"github.com/mcpvet/mcpvet/demo/ledger"
)

var serverBin string

// TestMain builds the fixed chargeserver once for the package's tests.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "chargeserver-fixed-")
	if err != nil {
		panic(err)
	}
	serverBin = filepath.Join(dir, "chargeserver")
	if out, err := exec.Command("go", "build", "-o", serverBin, "../gosdk/cmd/chargeserver").CombinedOutput(); err != nil {
		os.RemoveAll(dir)
		panic(fmt.Sprintf("go build: %v\n%s", err, out))
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// buildServer returns the chargeserver binary and points its environment
// (inherited by the child) at a fresh ledger and idem database.
func buildServer(t *testing.T, delay time.Duration) (bin string, led string) {
	t.Helper()
	dir := t.TempDir()
	led = filepath.Join(dir, "ledger.jsonl")
	t.Setenv("LEDGER", led)
	t.Setenv("IDEM_DB", filepath.Join(dir, "idem.db"))
	t.Setenv("DELAY_MS", strconv.Itoa(int(delay/time.Millisecond)))
	return serverBin, led
}

func entries(t *testing.T, path string, want int) []int {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		l, err := ledger.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		if l.Count() >= want || time.Now().After(deadline) {
			return []int{l.Count()}
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// Scenario 1 over stdio with the fixed server as a real subprocess.
func TestChargeOverStdio(t *testing.T) {
	bin, led := buildServer(t, 600*time.Millisecond)
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		want int
		run  func(*mcp.ClientSession) error
	}{
		{"blind retry", 2, func(cs *mcp.ClientSession) error {
			_, err := democlient.RetryOnTimeout(ctx, cs, democlient.Policy{Attempts: 2, Timeout: 150 * time.Millisecond}, "alice", 100)
			return err
		}},
		{"idem helper", 1, func(cs *mcp.ClientSession) error {
			_, err := client.Charge(ctx, cs, 150*time.Millisecond, "alice", 100)
			return err
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			os.Remove(led)
			cs, err := client.NewClient().Connect(ctx, &mcp.CommandTransport{Command: exec.Command(bin)}, nil)
			if err != nil {
				t.Fatal(err)
			}
			tc.run(cs)
			cs.Close() // waits for the server process: every attempt has written
			if n := entries(t, led, tc.want)[0]; n != tc.want {
				t.Fatalf("%d ledger entries for 1 logical charge, want %d", n, tc.want)
			}
		})
	}
}

// Scenario 2: the server is killed after its write; RestartAndResend
// restarts it and the helper reads the charge back instead of charging
// again.
func TestRestartAndResend(t *testing.T) {
	bin, led := buildServer(t, 600*time.Millisecond)
	done := make(chan struct{})
	go func() {
		defer close(done)
		entries(t, led, 1)
		killChildren(t, bin)
	}()
	res, err := client.RestartAndResend(context.Background(), client.NewClient(), bin, "alice", 100)
	<-done
	if err != nil {
		t.Fatal(err)
	}
	l, _ := ledger.Open(led)
	if l.Count() != 1 {
		t.Fatalf("%d ledger entries, want 1", l.Count())
	}
	var r server.Receipt
	if err := json.Unmarshal([]byte(res.Content[0].(*mcp.TextContent).Text), &r); err != nil {
		t.Fatal(err)
	}
	if _, ok := l.Lookup(r.Key); !ok || r.Key == "" {
		t.Fatalf("the client got %+v, not the ledger's charge", r)
	}
}

// killChildren sends SIGKILL to the processes running bin (the server the
// client started as its child).
func killChildren(t *testing.T, bin string) {
	procs, _ := filepath.Glob("/proc/[0-9]*/exe")
	killed := 0
	for _, p := range procs {
		if exe, err := os.Readlink(p); err == nil && exe == bin {
			pid, _ := strconv.Atoi(filepath.Base(filepath.Dir(p)))
			if syscall.Kill(pid, syscall.SIGKILL) == nil {
				killed++
			}
		}
	}
	if killed != 1 {
		t.Errorf("killed %d server processes, want 1", killed)
	}
}
