package scenario

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpvet/mcpvet/idem"
)

// The seed's scenarios, scaled down: a charge writes its ledger line at
// once and answers after serverDelay; a client attempt gives up after
// attemptTimeout.
const (
	serverDelay    = 700 * time.Millisecond
	attemptTimeout = 200 * time.Millisecond
	// settle is how long the tests wait for an extra effect after the
	// client is done: a charge writes its line as soon as it arrives.
	settle = 300 * time.Millisecond
	// killDelay is the charge's run time in scenario 2: the test kills the
	// server as soon as the ledger line appears, and needs a margin
	// before the charge would answer on a busy machine.
	killDelay = 2 * time.Second
)

// pairs are the client and server SDKs of each run: each SDK with itself,
// and each with the other.
var pairs = []struct{ client, server string }{
	{"gosdk", "gosdk"},
	{"mcpgo", "mcpgo"},
	{"gosdk", "mcpgo"},
	{"mcpgo", "gosdk"},
}

func config(t *testing.T, server, transport, store string) (Config, *Ledger) {
	dir := t.TempDir()
	delay := serverDelay
	if strings.HasPrefix(t.Name(), "TestScenario2") {
		delay = killDelay
	}
	c := Config{SDK: server, Transport: transport, Ledger: filepath.Join(dir, "ledger.jsonl"), Delay: delay}
	switch store {
	case "sqlite":
		c.Store = "sqlite:" + filepath.Join(dir, "idem.db")
	case "memory":
		c.Store = "memory"
	}
	return c, &Ledger{Path: c.Ledger}
}

// TestScenario1StdioTimeout is the seed's scenario 1 over stdio, and
// TestScenario3HTTPTimeout the same over streamable HTTP: the client
// times out while the charge runs, and tries again.
func TestScenario1StdioTimeout(t *testing.T) { timeoutScenario(t, "stdio") }

func TestScenario3HTTPTimeout(t *testing.T) { timeoutScenario(t, "http") }

func timeoutScenario(t *testing.T, transport string) {
	for _, p := range pairs {
		t.Run(p.client+"-client/"+p.server+"-server", func(t *testing.T) {
			t.Run("without", func(t *testing.T) {
				c, led := config(t, p.server, transport, "")
				url := ""
				if transport == "http" {
					url = startHTTP(t, c)
				}
				cn := dial(t, p.client, c, url)
				// The blind retry: the same call again after a timeout.
				var errs []error
				for range 2 {
					ctx, cancel := context.WithTimeout(context.Background(), attemptTimeout)
					_, err := cn.callOnce(ctx)
					cancel()
					if err != nil && !errors.Is(err, context.DeadlineExceeded) && url != "" {
						// The session broke (see reconnects below): a
						// blind client reconnects and sends again.
						t.Logf("attempt %d: %v; reconnecting", len(errs)+1, err)
						cn = dial(t, p.client, c, url)
						ctx, cancel := context.WithTimeout(context.Background(), attemptTimeout)
						_, err = cn.callOnce(ctx)
						cancel()
					}
					errs = append(errs, err)
					if err == nil {
						break
					}
				}
				if !errors.Is(errs[0], context.DeadlineExceeded) {
					t.Fatalf("attempt 1: %v; want a timeout (the scenario did not reproduce)", errs[0])
				}
				es := ledgerEntries(t, led, 2, settle)
				t.Logf("1 logical call, %d attempts, %d effects", len(errs), len(es))
				if len(es) != 2 {
					t.Fatalf("%d effects for 1 logical call; want 2, the bug", len(es))
				}
			})
			t.Run("with", func(t *testing.T) {
				c, led := config(t, p.server, transport, "sqlite")
				url := ""
				if transport == "http" {
					url = startHTTP(t, c)
				}
				cn := dial(t, p.client, c, url)
				h := newHelper(p.client, fastOptions(nil, attemptTimeout, 20*time.Second), false)
				got, err := h.do(context.Background(), cn)
				// Over HTTP, a go-sdk client whose call timed out sends
				// notifications/cancelled, which the mcp-go server answers
				// with 400 Bad Request; the go-sdk client then closes the
				// session, and the helper stops with an unknown outcome
				// rather than resend. The caller reconnects and resumes
				// the same Call, which reads back before it sends.
				for reconnects := 0; err != nil && url != "" && reconnects < 2 &&
					(errors.Is(err, idem.ErrOutcomeUnknown) || errors.Is(err, idem.ErrUnreachable)); reconnects++ {
					t.Logf("session broke: %v; reconnecting and resuming the same call", err)
					cn = dial(t, p.client, c, url)
					got, err = h.do(context.Background(), cn)
				}
				if err != nil {
					t.Fatal(err)
				}
				sends := h.sends()
				if len(sends) == 0 || !errors.Is(sends[0], context.DeadlineExceeded) {
					t.Fatalf("attempt 1: %v; want a timeout (the scenario did not reproduce)", sends)
				}
				es := ledgerEntries(t, led, 1, settle)
				t.Logf("1 logical call, %d sent, %d probes, %d read-backs, %d effects", len(sends), h.count(idem.EventProbe), h.count(idem.EventReadBack), len(es))
				if len(es) != 1 {
					t.Fatalf("%d effects for 1 logical call; want 1", len(es))
				}
				if len(sends) != 1 {
					t.Fatalf("the helper sent %d times; want 1", len(sends))
				}
				if got.EntryID != es[0].ID {
					t.Fatalf("the client got %+v; want the first call's result, entry %s", got, es[0].ID)
				}
				if es[0].Key == "" {
					t.Fatal("the handler did not see the idempotency key")
				}
			})
		})
	}
}

// TestScenario2Restart is the seed's scenario 2: the server is killed with
// SIGKILL after its write, the client restarts it (a new process on the
// same ledger, and the same store) and sends the call to the new process.
func TestScenario2Restart(t *testing.T) {
	for _, p := range pairs {
		t.Run(p.client+"-client/"+p.server+"-server", func(t *testing.T) {
			t.Run("without", func(t *testing.T) {
				c, led := config(t, p.server, "stdio", "")
				cn := connect(t, p.client, c)
				errc := make(chan error, 1)
				go func() { _, err := cn.callOnce(context.Background()); errc <- err }()
				ledgerEntries(t, led, 1, 0)
				cn.kill()
				err := <-errc
				if !isConnClosed(p.client, err) {
					t.Fatalf("attempt 1: %v; want a closed connection (the scenario did not reproduce)", err)
				}
				cn.close()
				// As the stdio transport's text advises: restart and retry.
				cn2 := connect(t, p.client, c)
				if _, err := cn2.callOnce(context.Background()); err != nil {
					t.Fatalf("attempt 2: %v", err)
				}
				es := ledgerEntries(t, led, 2, 0)
				t.Logf("1 logical call, 2 attempts, %d effects", len(es))
				if len(es) != 2 {
					t.Fatalf("%d effects for 1 logical call; want 2, the bug", len(es))
				}
				if es[0].PID == es[1].PID {
					t.Fatalf("both effects from process %d; want one per process", es[0].PID)
				}
			})
			t.Run("with", func(t *testing.T) {
				c, led := config(t, p.server, "stdio", "sqlite")
				h := newHelper(p.client, fastOptions(nil, 0, 2*time.Second), true)
				got, es := restart(t, p.client, c, led, h)
				t.Logf("1 logical call, %d sent, %d effects", len(h.sends()), len(es))
				if len(es) != 1 {
					t.Fatalf("%d effects for 1 logical call; want 1", len(es))
				}
				if got.EntryID != es[0].ID {
					t.Fatalf("the client got %+v; want the first call's effect, entry %s", got, es[0].ID)
				}
				if n := len(h.sends()); n != 1 {
					t.Fatalf("the helper sent %d times; want 1", n)
				}
			})
			if p.client != p.server {
				return
			}
			// What each part contributes, with the same client.
			t.Run("with-sqlite-no-readback", func(t *testing.T) {
				// The store survives the restart: the new process knows the
				// key is running (its old process died in the handler). The
				// helper polls and gives up with ErrInProgress rather than
				// charge again; the sweeper would later mark it failed.
				c, led := config(t, p.server, "stdio", "sqlite")
				h := newHelper(p.client, fastOptions(nil, 0, 300*time.Millisecond), false)
				_, err, es := restartErr(t, p.client, c, led, h)
				if !errors.Is(err, idem.ErrInProgress) {
					t.Fatalf("after the restart: %v; want ErrInProgress", err)
				}
				if len(es) != 1 {
					t.Fatalf("%d effects; want 1", len(es))
				}
			})
			t.Run("with-memory-store-forgets", func(t *testing.T) {
				// An in-memory store forgets the key with the process: the
				// status reads not_found, the helper resends the same key,
				// and the new process charges again. This is why a stdio
				// server needs a store that survives a restart.
				c, led := config(t, p.server, "stdio", "memory")
				h := newHelper(p.client, fastOptions(nil, 0, 2*time.Second), false)
				_, err, es := restartErr(t, p.client, c, led, h)
				if err != nil {
					t.Fatal(err)
				}
				if len(es) != 2 {
					t.Fatalf("%d effects; want 2 (the memory store's limit)", len(es))
				}
			})
		})
	}
}

// restart runs the "with" half of scenario 2 and expects a result.
func restart(t *testing.T, clientSDK string, c Config, led *Ledger, h *helper) (Receipt, []Entry) {
	t.Helper()
	got, err, es := restartErr(t, clientSDK, c, led, h)
	if err != nil {
		t.Fatalf("after the restart: %v", err)
	}
	return got, es
}

func restartErr(t *testing.T, clientSDK string, c Config, led *Ledger, h *helper) (Receipt, error, []Entry) {
	t.Helper()
	cn := connect(t, clientSDK, c)
	errc := make(chan error, 1)
	go func() { _, err := h.do(context.Background(), cn); errc <- err }()
	ledgerEntries(t, led, 1, 0)
	cn.kill()
	err := <-errc
	// The seed's warning: before counting anything, make sure attempt 1
	// failed because the connection closed, and that the helper did not
	// resend to a dead server.
	if !isConnClosed(clientSDK, err) {
		t.Fatalf("attempt 1: %v; want a closed connection (the scenario did not reproduce)", err)
	}
	if !errors.Is(err, idem.ErrUnreachable) {
		t.Fatalf("attempt 1: %v; want idem.ErrUnreachable (no resend to a dead server)", err)
	}
	if n := len(h.sends()); n != 1 {
		t.Fatalf("sent %d times before the restart; want 1", n)
	}
	cn.close()
	cn2 := connect(t, clientSDK, c)
	got, err := h.do(context.Background(), cn2)
	return got, err, ledgerEntries(t, led, 1, settle)
}
