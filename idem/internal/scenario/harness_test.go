package scenario

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	mcpgoclient "github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	mcpgomcp "github.com/mark3labs/mcp-go/mcp"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpvet/mcpvet/idem"
	"github.com/mcpvet/mcpvet/idem/gosdk"
	"github.com/mcpvet/mcpvet/idem/mcpgo"
)

// TestMain makes the test binary a charge server when the scenario
// environment says so: the tests start it as their server subprocess, so
// that the child process is the server itself (no wrapper in between for a
// SIGKILL to hit instead, as the seed warns).
func TestMain(m *testing.M) {
	if c, ok := ConfigFromEnv(); ok {
		if err := Serve(c); err != nil {
			fmt.Fprintln(os.Stderr, "scenario server:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// conn is a client session of either SDK with a server subprocess.
type conn struct {
	t    *testing.T
	sdk  string // the client's SDK
	gs   *mcp.ClientSession
	mc   *mcpgoclient.Client
	cmd  *exec.Cmd // the server process
	once sync.Once
}

// serverCmd returns the command that runs the test binary as a server.
func serverCmd(t *testing.T, c Config) *exec.Cmd {
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), c.Env()...)
	log, err := os.OpenFile(filepath.Join(filepath.Dir(c.Ledger), "server.log"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { log.Close() })
	cmd.Stderr = log
	return cmd
}

// connect starts a server process for c and connects a client of the SDK
// clientSDK to it.
func connect(t *testing.T, clientSDK string, c Config) *conn {
	t.Helper()
	url := ""
	if c.Transport == "http" {
		url = startHTTP(t, c)
	}
	return dial(t, clientSDK, c, url)
}

// startHTTP starts an HTTP server process for c and returns its endpoint.
func startHTTP(t *testing.T, c Config) string {
	t.Helper()
	cmd := serverCmd(t, c)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("reading the server's address: %v", err)
	}
	return strings.TrimSpace(strings.TrimPrefix(line, "LISTEN "))
}

// dial connects a client of the SDK clientSDK: to the HTTP endpoint url,
// or, if url is empty, to a new stdio server process for c.
func dial(t *testing.T, clientSDK string, c Config, url string) *conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cn := &conn{t: t, sdk: clientSDK}
	switch clientSDK {
	case "gosdk":
		var tr mcp.Transport
		if url != "" {
			tr = &mcp.StreamableClientTransport{Endpoint: url}
		} else {
			cn.cmd = serverCmd(t, c)
			tr = &mcp.CommandTransport{Command: cn.cmd, TerminateDuration: time.Second}
		}
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "scenario-client", Version: "v0"}, nil).Connect(ctx, tr, nil)
		if err != nil {
			t.Fatalf("connect: %v", err)
		}
		cn.gs = cs
	case "mcpgo":
		var mc *mcpgoclient.Client
		if url != "" {
			var err error
			if mc, err = mcpgoclient.NewStreamableHttpClient(url); err != nil {
				t.Fatal(err)
			}
		} else {
			tr := transport.NewStdioWithOptions(os.Args[0], nil, nil, transport.WithCommandFunc(
				func(ctx context.Context, command string, env, args []string) (*exec.Cmd, error) {
					cn.cmd = serverCmd(t, c)
					return cn.cmd, nil
				}))
			mc = mcpgoclient.NewClient(tr)
		}
		if err := mc.Start(ctx); err != nil {
			t.Fatalf("start: %v", err)
		}
		var init mcpgomcp.InitializeRequest
		init.Params.ClientInfo = mcpgomcp.Implementation{Name: "scenario-client", Version: "v0"}
		if _, err := mc.Initialize(ctx, init); err != nil {
			t.Fatalf("initialize: %v", err)
		}
		cn.mc = mc
	}
	t.Cleanup(cn.close)
	// Warm up: the server answers before the scenario starts.
	if err := cn.listTools(ctx); err != nil {
		t.Fatalf("tools/list: %v", err)
	}
	return cn
}

func (cn *conn) close() {
	cn.once.Do(func() {
		if cn.gs != nil {
			cn.gs.Close()
		}
		if cn.mc != nil {
			cn.mc.Close()
		}
	})
}

func (cn *conn) listTools(ctx context.Context) error {
	if cn.gs != nil {
		_, err := cn.gs.ListTools(ctx, nil)
		return err
	}
	_, err := cn.mc.ListTools(ctx, mcpgomcp.ListToolsRequest{})
	return err
}

// kill sends SIGKILL to the server process, the client's own child.
func (cn *conn) kill() {
	cn.t.Helper()
	if cn.cmd == nil || cn.cmd.Process == nil {
		cn.t.Fatal("no server process to kill")
	}
	if err := syscall.Kill(cn.cmd.Process.Pid, syscall.SIGKILL); err != nil {
		cn.t.Fatalf("kill %d: %v", cn.cmd.Process.Pid, err)
	}
}

var chargeArgs = map[string]any{"account": "acct-1", "amount": 100}

// callOnce is the client without idem: a plain tools/call, no key.
func (cn *conn) callOnce(ctx context.Context) (Receipt, error) {
	if cn.gs != nil {
		r, err := cn.gs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: chargeArgs})
		if err != nil {
			return Receipt{}, err
		}
		return gosdkReceipt(r)
	}
	var req mcpgomcp.CallToolRequest
	req.Params.Name = "charge"
	req.Params.Arguments = chargeArgs
	r, err := cn.mc.CallTool(ctx, req)
	if err != nil {
		return Receipt{}, err
	}
	return mcpgoReceipt(r)
}

func gosdkReceipt(r *mcp.CallToolResult) (Receipt, error) {
	for _, c := range r.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			if r.IsError {
				return Receipt{}, fmt.Errorf("tool error: %s", tc.Text)
			}
			var rc Receipt
			err := json.Unmarshal([]byte(tc.Text), &rc)
			return rc, err
		}
	}
	return Receipt{}, errors.New("no text content")
}

func mcpgoReceipt(r *mcpgomcp.CallToolResult) (Receipt, error) {
	for _, c := range r.Content {
		if tc, ok := mcpgomcp.AsTextContent(c); ok {
			if r.IsError {
				return Receipt{}, fmt.Errorf("tool error: %s", tc.Text)
			}
			var rc Receipt
			err := json.Unmarshal([]byte(tc.Text), &rc)
			return rc, err
		}
	}
	return Receipt{}, errors.New("no text content")
}

// helper is one logical call made with the idem client helper of the
// client's SDK; Do may be called again on a new conn.
type helper struct {
	gs     *gosdk.Call
	mc     *mcpgo.Call
	mu     sync.Mutex
	events []idem.Event
}

func (h *helper) record(e idem.Event) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.events = append(h.events, e)
}

// sends returns the errors of the attempts sent, in order (nil for an
// attempt that got an answer).
func (h *helper) sends() []error {
	h.mu.Lock()
	defer h.mu.Unlock()
	var errs []error
	for _, e := range h.events {
		if e.Kind == idem.EventSend {
			errs = append(errs, e.Err)
		}
	}
	return errs
}

func (h *helper) count(kind idem.EventKind) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for _, e := range h.events {
		if e.Kind == kind {
			n++
		}
	}
	return n
}

// fastOptions are the seed's client steps with test-sized waits.
func fastOptions(h *helper, attemptTimeout, pollLimit time.Duration) idem.ClientOptions {
	return idem.ClientOptions{
		AttemptTimeout: attemptTimeout,
		ProbeTimeout:   10 * time.Second,
		PollIntervals:  []time.Duration{20 * time.Millisecond, 50 * time.Millisecond},
		PollLimit:      pollLimit,
		Backoff:        []time.Duration{20 * time.Millisecond},
		OnEvent:        h.record,
	}
}

// newHelper prepares one logical charge with the helper of the client SDK.
// With readBack, the caller's read-back reads the ledger resource by key.
func newHelper(clientSDK string, o idem.ClientOptions, readBack bool) *helper {
	h := &helper{}
	o.OnEvent = h.record
	switch clientSDK {
	case "gosdk":
		opts := &gosdk.CallOptions{ClientOptions: o}
		if readBack {
			opts.ReadBack = func(ctx context.Context, cs *mcp.ClientSession, key string) (*mcp.CallToolResult, bool, error) {
				rr, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: LedgerURIPrefix + key})
				if err != nil {
					return nil, false, err
				}
				return lookupResult(rr.Contents[0].Text, func(text string) *mcp.CallToolResult {
					return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}
				})
			}
		}
		h.gs = gosdk.NewCall(&mcp.CallToolParams{Name: "charge", Arguments: chargeArgs}, opts)
	case "mcpgo":
		opts := &mcpgo.CallOptions{ClientOptions: o}
		if readBack {
			opts.ReadBack = func(ctx context.Context, c mcpgo.Client, key string) (*mcpgomcp.CallToolResult, bool, error) {
				var req mcpgomcp.ReadResourceRequest
				req.Params.URI = LedgerURIPrefix + key
				rr, err := c.ReadResource(ctx, req)
				if err != nil {
					return nil, false, err
				}
				tc, ok := rr.Contents[0].(mcpgomcp.TextResourceContents)
				if !ok {
					return nil, false, fmt.Errorf("ledger resource: %T", rr.Contents[0])
				}
				return lookupResult(tc.Text, mcpgomcp.NewToolResultText)
			}
		}
		var req mcpgomcp.CallToolRequest
		req.Params.Name = "charge"
		req.Params.Arguments = chargeArgs
		h.mc = mcpgo.NewCall(req, opts)
	}
	return h
}

func lookupResult[R any](text string, mk func(string) R) (R, bool, error) {
	var zero R
	var d LookupDoc
	if err := json.Unmarshal([]byte(text), &d); err != nil {
		return zero, false, err
	}
	if !d.Found {
		return zero, false, nil
	}
	b, _ := json.Marshal(d.Receipt)
	return mk(string(b)), true, nil
}

func (h *helper) do(ctx context.Context, cn *conn) (Receipt, error) {
	if h.gs != nil {
		r, err := h.gs.Do(ctx, cn.gs)
		if err != nil {
			return Receipt{}, err
		}
		return gosdkReceipt(r)
	}
	r, err := h.mc.Do(ctx, cn.mc)
	if err != nil {
		return Receipt{}, err
	}
	return mcpgoReceipt(r)
}

// isConnClosed reports whether err is the client SDK's closed-connection
// error, the error the seed's scenario 2 expects of attempt 1.
func isConnClosed(clientSDK string, err error) bool {
	if clientSDK == "gosdk" {
		return errors.Is(err, mcp.ErrConnectionClosed) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF)
	}
	return errors.Is(err, transport.ErrTransportClosed)
}

// ledgerCount waits until the ledger holds at least want entries or a
// deadline passes, then lets the server run on for settle (in which an
// extra effect would show up) and returns the entries.
func ledgerEntries(t *testing.T, led *Ledger, want int, settle time.Duration) []Entry {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		es, err := led.Entries()
		if err != nil {
			t.Fatal(err)
		}
		if len(es) >= want || time.Now().After(deadline) {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	time.Sleep(settle)
	es, err := led.Entries()
	if err != nil {
		t.Fatal(err)
	}
	return es
}
