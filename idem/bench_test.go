package idem_test

import (
	"context"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/mcpvet/mcpvet/idem"
	"github.com/mcpvet/mcpvet/idem/sqlitestore"
)

// BenchmarkExecute measures the Guard alone, without an SDK: a call with a
// new key (Begin, handler, Finish) and a repeated key (Begin, decode), on
// each store.
func BenchmarkExecute(b *testing.B) {
	for _, name := range []string{"memory", "sqlite"} {
		for _, mode := range []string{"new-key", "replay"} {
			b.Run(name+"/"+mode, func(b *testing.B) {
				var store idem.Store = idem.NewMemoryStore()
				if name == "sqlite" {
					s, err := sqlitestore.Open(filepath.Join(b.TempDir(), "idem.db"), nil)
					if err != nil {
						b.Fatal(err)
					}
					defer s.Close()
					store = s
				}
				g := idem.NewGuard(store, nil)
				ctx := context.Background()
				handler := func(context.Context) (res, error) { return res{Text: "charged"}, nil }
				args := []byte(`{"account":"alice","amount":100}`)
				b.ReportAllocs()
				for i := 0; b.Loop(); i++ {
					key := "k"
					if mode == "new-key" {
						key += strconv.Itoa(i)
					}
					r, err := idem.Execute(ctx, g, codec{}, idem.Call{Tool: "charge", Meta: map[string]any{"idempotency_key": key}, Arguments: args}, handler)
					if err != nil || r.Text != "charged" {
						b.Fatalf("%+v, %v", r, err)
					}
				}
			})
		}
	}
}
