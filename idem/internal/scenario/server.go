// Package scenario holds the seed's reproductions as Go tests: a charge
// server built with each SDK, with or without idem, run as a real
// subprocess (the test binary itself, re-executed, so that the child
// process is the server and a SIGKILL reaches it), and clients of each SDK
// that retry blindly or use the idem helper. The side effects are counted
// in a ledger file.
package scenario

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	mcpgomcp "github.com/mark3labs/mcp-go/mcp"
	mcpgoserver "github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpvet/mcpvet/idem"
	"github.com/mcpvet/mcpvet/idem/gosdk"
	"github.com/mcpvet/mcpvet/idem/mcpgo"
	"github.com/mcpvet/mcpvet/idem/sqlitestore"
)

// Entry is one line of the ledger: one side effect.
type Entry struct {
	ID      string `json:"id"`
	Key     string `json:"key,omitempty"` // the idempotency key, when the call had one
	Account string `json:"account"`
	Amount  int    `json:"amount"`
	PID     int    `json:"pid"`
	SDK     string `json:"sdk"`
}

// Ledger is an append-only JSON-lines file shared by the server processes
// of a test.
type Ledger struct {
	Path string
	mu   sync.Mutex
}

// Append writes e as one line with a single write(2) on an O_APPEND file:
// once it returns, the effect is on disk, whatever happens to the process.
func (l *Ledger) Append(e Entry) error {
	line, err := json.Marshal(e)
	if err != nil {
		return err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	f, err := os.OpenFile(l.Path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(append(line, '\n')); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// Entries reads the ledger.
func (l *Ledger) Entries() ([]Entry, error) {
	f, err := os.Open(l.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var es []Entry
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var e Entry
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			return nil, fmt.Errorf("%s: %v", l.Path, err)
		}
		es = append(es, e)
	}
	return es, sc.Err()
}

// Lookup returns the first entry with the key.
func (l *Ledger) Lookup(key string) (Entry, bool, error) {
	es, err := l.Entries()
	if err != nil {
		return Entry{}, false, err
	}
	for _, e := range es {
		if key != "" && e.Key == key {
			return e, true, nil
		}
	}
	return Entry{}, false, nil
}

// ChargeInput is the input of the charge tool.
type ChargeInput struct {
	Account string `json:"account"`
	Amount  int    `json:"amount"`
}

// Receipt is the charge tool's result, as the JSON text of its first
// content item.
type Receipt struct {
	EntryID string `json:"entry_id"`
	Account string `json:"account"`
	Amount  int    `json:"amount"`
	PID     int    `json:"pid"`
}

func receipt(e Entry) Receipt {
	return Receipt{EntryID: e.ID, Account: e.Account, Amount: e.Amount, PID: e.PID}
}

// LedgerURIPrefix + key is the read-back resource of a charge: a
// LookupDoc.
const LedgerURIPrefix = "ledger://charges/"

// LookupDoc is the ledger resource's answer.
type LookupDoc struct {
	Found   bool    `json:"found"`
	Receipt Receipt `json:"receipt"`
}

// Config configures a server process; it travels in environment variables.
type Config struct {
	SDK       string        // "gosdk" or "mcpgo"
	Transport string        // "stdio" or "http"
	Ledger    string        // ledger file
	Store     string        // "" (no idem), "memory", or "sqlite:PATH"
	Delay     time.Duration // how long a charge runs after its write
}

// Environment variable names.
const (
	EnvSDK       = "IDEM_SCENARIO_SDK"       // Config.SDK; set makes the test binary a server
	EnvTransport = "IDEM_SCENARIO_TRANSPORT" // Config.Transport
	EnvLedger    = "IDEM_SCENARIO_LEDGER"    // Config.Ledger
	EnvStore     = "IDEM_SCENARIO_STORE"     // Config.Store
	EnvDelay     = "IDEM_SCENARIO_DELAY_MS"  // Config.Delay in milliseconds
)

// Env returns c as environment variables.
func (c Config) Env() []string {
	return []string{
		EnvSDK + "=" + c.SDK,
		EnvTransport + "=" + c.Transport,
		EnvLedger + "=" + c.Ledger,
		EnvStore + "=" + c.Store,
		EnvDelay + "=" + strconv.Itoa(int(c.Delay/time.Millisecond)),
	}
}

// ConfigFromEnv reads a Config from the environment; ok is false when the
// process is not a scenario server.
func ConfigFromEnv() (Config, bool) {
	sdk := os.Getenv(EnvSDK)
	if sdk == "" {
		return Config{}, false
	}
	ms, _ := strconv.Atoi(os.Getenv(EnvDelay))
	return Config{
		SDK:       sdk,
		Transport: os.Getenv(EnvTransport),
		Ledger:    os.Getenv(EnvLedger),
		Store:     os.Getenv(EnvStore),
		Delay:     time.Duration(ms) * time.Millisecond,
	}, true
}

func openStore(spec string) (idem.Store, error) {
	switch {
	case spec == "":
		return nil, nil
	case spec == "memory":
		return idem.NewMemoryStore(), nil
	case strings.HasPrefix(spec, "sqlite:"):
		return sqlitestore.Open(strings.TrimPrefix(spec, "sqlite:"), nil)
	}
	return nil, fmt.Errorf("unknown store %q", spec)
}

func newID() string {
	var b [8]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// charge is the seed's tool: it commits the effect first, then takes
// Delay to answer, and gives up (after the effect) if its context ends.
func charge(ctx context.Context, led *Ledger, sdk string, delay time.Duration, in ChargeInput) (Receipt, error) {
	if in.Account == "" || in.Amount <= 0 {
		return Receipt{}, errors.New("account and a positive amount are required")
	}
	key, _ := idem.KeyFromContext(ctx) // "" without idem
	e := Entry{ID: newID(), Key: key, Account: in.Account, Amount: in.Amount, PID: os.Getpid(), SDK: sdk}
	if err := led.Append(e); err != nil {
		return Receipt{}, err
	}
	select {
	case <-time.After(delay):
	case <-ctx.Done():
		return Receipt{}, fmt.Errorf("cancelled after charging: %w", ctx.Err())
	}
	return receipt(e), nil
}

func lookupDoc(led *Ledger, key string) (string, error) {
	e, ok, err := led.Lookup(key)
	if err != nil {
		return "", err
	}
	data, err := json.Marshal(LookupDoc{Found: ok, Receipt: receipt(e)})
	return string(data), err
}

// Serve runs the server c describes until its transport ends.
func Serve(c Config) error {
	store, err := openStore(c.Store)
	if err != nil {
		return err
	}
	led := &Ledger{Path: c.Ledger}
	var handler http.Handler
	switch c.SDK {
	case "gosdk":
		s := mcp.NewServer(&mcp.Implementation{Name: "chargeserver-gosdk", Version: "v0"}, nil)
		if store != nil {
			gosdk.Install(s, store, nil)
		}
		mcp.AddTool(s, &mcp.Tool{Name: "charge", Description: "Charge an account. Not idempotent."},
			func(ctx context.Context, req *mcp.CallToolRequest, in ChargeInput) (*mcp.CallToolResult, Receipt, error) {
				r, err := charge(ctx, led, c.SDK, c.Delay, in)
				return nil, r, err
			})
		s.AddResourceTemplate(&mcp.ResourceTemplate{Name: "charge", URITemplate: LedgerURIPrefix + "{key}", MIMEType: "application/json"},
			func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
				text, err := lookupDoc(led, strings.TrimPrefix(req.Params.URI, LedgerURIPrefix))
				if err != nil {
					return nil, err
				}
				return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "application/json", Text: text}}}, nil
			})
		if c.Transport == "stdio" {
			return s.Run(context.Background(), &mcp.StdioTransport{})
		}
		// Stateless: the go-sdk serves protocol 2026-07-28 over HTTP only
		// so, and mcp-go's client speaks it.
		handler = mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{Stateless: true})
	case "mcpgo":
		s := mcpgoserver.NewMCPServer("chargeserver-mcpgo", "v0", mcpgoserver.WithResourceCapabilities(false, false))
		if store != nil {
			mcpgo.Install(s, store, nil)
		}
		s.AddTool(mcpgomcp.NewTool("charge", mcpgomcp.WithDescription("Charge an account. Not idempotent."),
			mcpgomcp.WithString("account", mcpgomcp.Required()), mcpgomcp.WithNumber("amount", mcpgomcp.Required())),
			func(ctx context.Context, req mcpgomcp.CallToolRequest) (*mcpgomcp.CallToolResult, error) {
				var in ChargeInput
				if err := req.BindArguments(&in); err != nil {
					return mcpgomcp.NewToolResultError(err.Error()), nil
				}
				r, err := charge(ctx, led, c.SDK, c.Delay, in)
				if err != nil {
					return nil, err
				}
				text, _ := json.Marshal(r)
				return mcpgomcp.NewToolResultStructured(r, string(text)), nil
			})
		s.AddResourceTemplate(mcpgomcp.NewResourceTemplate(LedgerURIPrefix+"{key}", "charge", mcpgomcp.WithTemplateMIMEType("application/json")),
			func(ctx context.Context, req mcpgomcp.ReadResourceRequest) ([]mcpgomcp.ResourceContents, error) {
				text, err := lookupDoc(led, strings.TrimPrefix(req.Params.URI, LedgerURIPrefix))
				if err != nil {
					return nil, err
				}
				return []mcpgomcp.ResourceContents{mcpgomcp.TextResourceContents{URI: req.Params.URI, MIMEType: "application/json", Text: text}}, nil
			})
		if c.Transport == "stdio" {
			return mcpgoserver.ServeStdio(s)
		}
		handler = mcpgoserver.NewStreamableHTTPServer(s)
	default:
		return fmt.Errorf("unknown SDK %q", c.SDK)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	mux := http.NewServeMux()
	mux.Handle("/mcp", handler)
	// The test reads the address from the first line of stdout.
	fmt.Printf("LISTEN http://%s/mcp\n", l.Addr())
	return http.Serve(l, mux)
}
