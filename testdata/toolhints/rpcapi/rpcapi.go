// Package rpcapi is a client of an RPC-style API (Kiali's, JSON-RPC,
// GraphQL): every request it sends is a POST, so the method says nothing
// about the operation.
package rpcapi

import (
	"context"
	"net/http"
	"strings"
)

// Call POSTs an operation to an endpoint.
func Call(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(`{"mode":"read"}`))
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// GQL is a GraphQL client: every operation is a POST.
type GQL struct{ URL string }

// Mutate sends a mutation.
func (g *GQL) Mutate(ctx context.Context, mutation string) error { return Call(ctx, g.URL) }

// Execute sends any operation (a generic RPC method: no verb).
func (g *GQL) Execute(ctx context.Context, op string) error { return Call(ctx, g.URL) }
