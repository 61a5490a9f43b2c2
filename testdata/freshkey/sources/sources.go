// Package sources covers each fresh source, with a stable twin.
package sources

import (
	"context"
	crand "crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/rand"
	randv2 "math/rand/v2"
	"strconv"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/oklog/ulid/v2"
	"github.com/rs/xid"
)

func call(ctx context.Context, cs *mcp.ClientSession, key any) error { // want call:"keyParams\\(2:idempotency_key\\)"
	_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"idempotency_key": key}})
	return err
}

// ULID makes a ULID per attempt.
func ULID(ctx context.Context, cs *mcp.ClientSession) error { // want ULID:"keyParams\\(made idempotency_key\\)"
	for i := 0; i < 3; i++ {
		k := ulid.Make().String() // want `idempotency key "idempotency_key" is made anew`
		if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"idempotency_key": k}}); err == nil {
			return nil
		}
	}
	return nil
}

// XID makes an xid per attempt.
func XID(ctx context.Context, cs *mcp.ClientSession) error { // want XID:"keyParams\\(made idempotency_key\\)"
	for i := 0; i < 3; i++ {
		k := xid.New().String() // want `idempotency key "idempotency_key" is made anew`
		if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"idempotency_key": k}}); err == nil {
			return nil
		}
	}
	return nil
}

// CryptoText uses crypto/rand.Text.
func CryptoText(ctx context.Context, cs *mcp.ClientSession) error { // want CryptoText:"keyParams\\(made idempotency_key\\)"
	for i := 0; i < 3; i++ {
		k := crand.Text() // want `idempotency key "idempotency_key" is made anew`
		if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"idempotency_key": k}}); err == nil {
			return nil
		}
	}
	return nil
}

// CryptoRead fills a buffer with crypto/rand.Read.
func CryptoRead(ctx context.Context, cs *mcp.ClientSession) error { // want CryptoRead:"keyParams\\(made idempotency_key\\)"
	for i := 0; i < 3; i++ {
		b := make([]byte, 16)
		crand.Read(b) // want `idempotency key "idempotency_key" is made anew`
		if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"idempotency_key": hex.EncodeToString(b)}}); err == nil {
			return nil
		}
	}
	return nil
}

// MathRand uses math/rand.
func MathRand(ctx context.Context, cs *mcp.ClientSession) error { // want MathRand:"keyParams\\(made idempotency_key\\)"
	for i := 0; i < 3; i++ {
		k := strconv.FormatInt(rand.Int63(), 10) // want `idempotency key "idempotency_key" is made anew`
		if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"idempotency_key": k}}); err == nil {
			return nil
		}
	}
	return nil
}

// MathRandV2 uses math/rand/v2 inline.
func MathRandV2(ctx context.Context, cs *mcp.ClientSession) error { // want MathRandV2:"keyParams\\(made idempotency_key\\)"
	for i := 0; i < 3; i++ {
		if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"idempotency_key": fmt.Sprint(randv2.Uint64())}}); err == nil { // want `idempotency key "idempotency_key" is made anew`
			return nil
		}
	}
	return nil
}

// Clock derives the key from time.Now.
func Clock(ctx context.Context, cs *mcp.ClientSession, order string) error { // want Clock:"keyParams\\(2:idempotency_key; made idempotency_key\\)"
	for i := 0; i < 3; i++ {
		k := fmt.Sprintf("%s-%d", order, time.Now().UnixNano()) // want `idempotency key "idempotency_key" is made anew`
		if err := call(ctx, cs, k); err == nil {
			return nil
		}
		if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"idempotency_key": k}}); err == nil {
			return nil
		}
	}
	return nil
}

// HashOfArgs derives the key from the arguments: stable.
func HashOfArgs(ctx context.Context, cs *mcp.ClientSession, account string, amount int) error { // want HashOfArgs:"keyParams\\(2:idempotency_key,\\ 3:idempotency_key\\)"
	for i := 0; i < 3; i++ {
		deadline := time.Now().Add(time.Second) // ok: not a key
		ctx1, cancel := context.WithDeadline(ctx, deadline)
		sum := sha256.Sum256([]byte(fmt.Sprintf("%s/%d", account, amount)))
		k := hex.EncodeToString(sum[:]) // ok: stable
		_, err := cs.CallTool(ctx1, &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"idempotency_key": k}})
		cancel()
		if err == nil {
			return nil
		}
	}
	return nil
}

// SourcesBeforeLoop makes every kind of key before the loop: stable.
func SourcesBeforeLoop(ctx context.Context, cs *mcp.ClientSession) error { // want SourcesBeforeLoop:"keyParams\\(made idempotency_key\\)"
	k1, k2, k3 := ulid.Make().String(), xid.New().String(), crand.Text()
	b := make([]byte, 8)
	crand.Read(b)
	for i := 0; i < 3; i++ {
		if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"idempotency_key": k1 + k2 + k3 + hex.EncodeToString(b)}}); err == nil { // ok: stable
			return nil
		}
	}
	return nil
}
