package restsdk

import "context"

// Opaque is a generated client whose methods are named by their HTTP
// method and path, over a transport that commits nothing the analysis
// sees: its callers judge a method by its name.
type Opaque struct{ t transport }

type transport interface {
	do(ctx context.Context, method, path string, in any) error
}

type nopTransport struct{}

func (nopTransport) do(ctx context.Context, method, path string, in any) error { return nil }

// NewOpaque returns a client.
func NewOpaque() *Opaque { return &Opaque{t: nopTransport{}} }

// PostServerSearch is POST /server/search: a read by its last word.
func (o *Opaque) PostServerSearch(ctx context.Context, q string) error {
	return o.t.do(ctx, "POST", "/server/search", q)
}

// PostServerCreate is POST /server/create.
func (o *Opaque) PostServerCreate(ctx context.Context, name string) error {
	return o.t.do(ctx, "POST", "/server/create", name)
}
