package gosdk_test

import (
	"context"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpvet/mcpvet/idem"
	"github.com/mcpvet/mcpvet/idem/gosdk"
	"github.com/mcpvet/mcpvet/idem/sqlitestore"
)

// BenchmarkMiddleware measures a tools/call of a tool that does nothing,
// over in-memory transports, without the middleware and with it on each
// store: a call without a key, a call with a new key (record running, run,
// record done), and a repeated key (replay). The middleware's overhead is
// the difference to "none".
func BenchmarkMiddleware(b *testing.B) {
	stores := map[string]func(b *testing.B) idem.Store{
		"memory": func(*testing.B) idem.Store { return idem.NewMemoryStore() },
		"sqlite": func(b *testing.B) idem.Store {
			s, err := sqlitestore.Open(filepath.Join(b.TempDir(), "idem.db"), nil)
			if err != nil {
				b.Fatal(err)
			}
			b.Cleanup(func() { s.Close() })
			return s
		},
	}
	b.Run("none", func(b *testing.B) { benchCalls(b, nil, "keyless") })
	for _, name := range []string{"memory", "sqlite"} {
		for _, mode := range []string{"keyless", "new-key", "replay"} {
			b.Run(name+"/"+mode, func(b *testing.B) { benchCalls(b, stores[name](b), mode) })
		}
	}
}

func benchCalls(b *testing.B, store idem.Store, mode string) {
	s := mcp.NewServer(&mcp.Implementation{Name: "bench", Version: "v0"}, nil)
	if store != nil {
		gosdk.Install(s, store, nil)
	}
	mcp.AddTool(s, &mcp.Tool{Name: "noop"}, func(ctx context.Context, req *mcp.CallToolRequest, in chargeIn) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil, nil
	})
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st, nil)
	if err != nil {
		b.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "v0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer func() { cs.Close(); ss.Wait() }()
	args := chargeIn{"alice", 100}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		p := &mcp.CallToolParams{Name: "noop", Arguments: args}
		switch mode {
		case "new-key":
			p.Meta = mcp.Meta{"idempotency_key": "k" + strconv.Itoa(i)}
		case "replay":
			p.Meta = mcp.Meta{"idempotency_key": "k"}
		}
		r, err := cs.CallTool(ctx, p)
		if err != nil || r.IsError {
			b.Fatalf("%+v, %v", r, err)
		}
	}
}
