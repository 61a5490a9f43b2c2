// Package restsdk is a REST SDK client written as most are: a request
// builder that takes the method as a parameter, a send function, and
// service methods that pass a constant method. Its action methods
// (Reboot, Retry, Cancel, Refund) are named by no verb list.
package restsdk

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
)

// Doer sends requests; tests replace the *http.Client.
type Doer interface {
	Do(*http.Request) (*http.Response, error)
}

type Client struct {
	BaseURL *url.URL
	HTTP    Doer

	Servers  *ServersService
	Jobs     *JobsService
	Payments *PaymentsService
}

// NewRequest builds a request relative to the base URL.
func (c *Client) NewRequest(ctx context.Context, method, path string, body any) (*http.Request, error) { // want NewRequest:`http\(builds method of param 1, path of param 2\)`
	rel, err := url.Parse(path)
	if err != nil {
		return nil, err
	}
	u := c.BaseURL.ResolveReference(rel)
	var buf io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return nil, err
		}
		buf = bytes.NewReader(b)
	}
	req, err := newRequest(ctx, method, u.String(), buf)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	return req, nil
}

// newRequest is a second builder layer, as go-jira has.
func newRequest(ctx context.Context, method, url string, body io.Reader) (*http.Request, error) { // want newRequest:`http\(builds method of param 1, path of param 2\)`
	return http.NewRequestWithContext(ctx, method, url, body)
}

// Do sends a request and decodes the answer into v.
func (c *Client) Do(ctx context.Context, req *http.Request, v any) (*http.Response, error) { // want Do:`http\(sends request of param 1\)` Do:`effect\(pending interface call: restsdk.Doer.Do \[pending example.com/restsdk.Doer.Do\]\)`
	req = sign(req)
	resp, err := c.HTTP.Do(req.WithContext(ctx))
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if v != nil {
		err = json.NewDecoder(resp.Body).Decode(v)
	}
	return resp, err
}

// DoRecorded sends a request and records the last URL in a local file.
func (c *Client) DoRecorded(ctx context.Context, req *http.Request, v any) error { // want DoRecorded:`http\(sends request of param 1\)` DoRecorded:`effect\(file write: os.WriteFile\)`
	if err := os.WriteFile("last-url", []byte(req.URL.String()), 0o644); err != nil {
		return err
	}
	_, err := c.Do(ctx, req, v)
	return err
}

// sign returns the request it is given.
func sign(req *http.Request) *http.Request { // want sign:`http\(builds request of param 0\)`
	req.Header.Set("Authorization", "token")
	return req
}

// send passes the method along: a wrapper of the builder and the sender.
func (c *Client) send(ctx context.Context, method, path string, in, out any) error { // want send:`http\(sends method of param 1, path of param 2\)`
	req, err := c.NewRequest(ctx, method, path, in)
	if err != nil {
		return err
	}
	_, err = c.Do(ctx, req, out)
	return err
}

// call is one more layer.
func (c *Client) call(ctx context.Context, method, path string) error { // want call:`http\(sends method of param 1, path of param 2\)`
	return c.send(ctx, method, path, nil, nil)
}

type Server struct{ ID, Name string }

type ServersService struct{ client *Client }

func (s *ServersService) Reboot(ctx context.Context, id int) error { // want Reboot:`effect\(HTTP POST: restsdk.Doer.Do via \(\*restsdk.Client\).Do\)`
	req, err := s.client.NewRequest(ctx, http.MethodPost, fmt.Sprintf("servers/%d/actions/reboot", id), nil)
	if err != nil {
		return err
	}
	_, err = s.client.Do(ctx, req, nil)
	return err
}

func (s *ServersService) Get(ctx context.Context, id int) (*Server, error) { // want Get:`http\(read\)`
	req, err := s.client.NewRequest(ctx, http.MethodGet, fmt.Sprintf("servers/%d", id), nil)
	if err != nil {
		return nil, err
	}
	srv := new(Server)
	_, err = s.client.Do(ctx, req, srv)
	return srv, err
}

// Edit replaces the server: a PUT, idempotent by nature whatever its name.
func (s *ServersService) Edit(ctx context.Context, id int, srv *Server) error { // want Edit:`effect\(HTTP PUT: .*\)`
	req, err := s.client.NewRequest(ctx, http.MethodPut, fmt.Sprintf("servers/%d", id), srv)
	if err != nil {
		return err
	}
	_, err = s.client.Do(ctx, req, nil)
	return err
}

// Update POSTs a change: not idempotent whatever its name.
func (s *ServersService) Update(ctx context.Context, id int, srv *Server) error { // want Update:`effect\(HTTP POST: .*\)`
	req, err := s.client.NewRequest(ctx, "POST", fmt.Sprintf("servers/%d/update", id), srv)
	if err != nil {
		return err
	}
	_, err = s.client.Do(ctx, req, nil)
	return err
}

// UpdateName POSTs the new name to the server itself, an API that POSTs
// its updates to the item: an update in place, converging.
func (s *ServersService) UpdateName(ctx context.Context, id int, name string) error { // want UpdateName:`effect\(HTTP POST: .*\)`
	req, err := s.client.NewRequest(ctx, "POST", fmt.Sprintf("servers/%d", id), &Server{Name: name})
	if err != nil {
		return err
	}
	_, err = s.client.Do(ctx, req, nil)
	return err
}

func (s *ServersService) Delete(ctx context.Context, id int) error { // want Delete:`effect\(HTTP DELETE: .*\)`
	return s.client.call(ctx, http.MethodDelete, fmt.Sprintf("servers/%d", id))
}

// Search POSTs a query: a read by design (its name and its path).
func (s *ServersService) Search(ctx context.Context, q string) ([]Server, error) { // want Search:`http\(read\)` Search:`effect\(HTTP POST read by design: restsdk.Doer.Do via \(\*restsdk.Client\).send\)`
	var out []Server
	err := s.client.send(ctx, http.MethodPost, "servers/search", map[string]string{"q": q}, &out)
	return out, err
}

// Lookup POSTs a read by design, by its name only.
func (s *ServersService) Lookup(ctx context.Context, name string) (*Server, error) { // want Lookup:`http\(read\)` Lookup:`effect\(HTTP POST read by design: restsdk\.Doer\.Do via \(\*restsdk\.Client\)\.send\)`
	out := new(Server)
	err := s.client.send(ctx, http.MethodPost, "servers/by-name", map[string]string{"name": name}, out)
	return out, err
}

// GetOrCreate is named like a read but POSTs a create.
func (s *ServersService) GetOrCreate(ctx context.Context, name string) (*Server, error) { // want GetOrCreate:`effect\(HTTP POST: .*\)`
	out := new(Server)
	err := s.client.send(ctx, http.MethodPost, "servers", map[string]string{"name": name}, out)
	return out, err
}

// Matching POSTs to an Elasticsearch-style _search: a read by its path.
func (s *ServersService) Matching(ctx context.Context, q string) ([]Server, error) { // want Matching:`http\(read\)` Matching:`effect\(HTTP POST read by design: restsdk\.Doer\.Do via \(\*restsdk\.Client\)\.send\)`
	var out []Server
	err := s.client.send(ctx, http.MethodPost, "servers/_search", map[string]string{"q": q}, &out)
	return out, err
}

// Instant POSTs to a query endpoint named by a word of its path: a read.
func (s *ServersService) Instant(ctx context.Context, q string) error { // want Instant:`http\(read\)` Instant:`effect\(HTTP POST read by design: restsdk\.Doer\.Do via \(\*restsdk\.Client\)\.send\)`
	return s.client.send(ctx, http.MethodPost, "metrics/prom_query_instant", map[string]string{"query": q}, nil)
}

// Suggest POSTs to a suggestion endpoint (fuzzy names for a typo): a
// read.
func (s *ServersService) Suggest(ctx context.Context, q string) error { // want Suggest:`http\(read\)` Suggest:`effect\(HTTP POST read by design: restsdk\.Doer\.Do via \(\*restsdk\.Client\)\.send\)`
	return s.client.send(ctx, http.MethodPost, "entities/suggest", map[string]string{"q": q}, nil)
}

// Keys sends Vault's LIST, a safe method of an HTTP extension: a read.
func (s *ServersService) Keys(ctx context.Context, id int) error { // want Keys:`http\(read\)`
	return s.client.send(ctx, "LIST", fmt.Sprintf("servers/%d/keys", id), nil, nil)
}

// Stats POSTs its query for a server's statistics: nothing in its name
// or path says whether it reads.
func (s *ServersService) Stats(ctx context.Context, id int) error { // want Stats:`effect\(HTTP POST: .*\)`
	return s.client.send(ctx, http.MethodPost, fmt.Sprintf("servers/%d/stats", id), nil, nil)
}

// Subscribe POSTs a subscription: it puts the server in a state a repeat
// leaves it in.
func (s *ServersService) Subscribe(ctx context.Context, id int) error { // want Subscribe:`effect\(HTTP POST: .*\)`
	return s.client.send(ctx, http.MethodPost, fmt.Sprintf("servers/%d/subscribe", id), nil, nil)
}

// Acknowledge POSTs an acknowledgement of an alert: a state a repeat
// leaves as it is.
func (s *ServersService) Acknowledge(ctx context.Context, id int) error { // want Acknowledge:`effect\(HTTP POST: .*\)`
	return s.client.send(ctx, http.MethodPost, fmt.Sprintf("alerts/%d/acknowledge", id), nil, nil)
}

// postForm POSTs, whatever its caller does: a helper whose name says
// nothing of the operation.
func (c *Client) postForm(ctx context.Context, path string) error { // want postForm:`http\(sends POST, path of param 1\)` postForm:`effect\(HTTP POST: restsdk.Doer.Do via \(\*restsdk.Client\).send\)`
	return c.send(ctx, http.MethodPost, path, nil, nil)
}

// Pin pins a server through that helper: its own name says it sets a
// state.
func (s *ServersService) Pin(ctx context.Context, id int) error { // want Pin:`effect\(HTTP POST: .*\)`
	return s.client.postForm(ctx, fmt.Sprintf("servers/%d/pin", id))
}

// Reboot2 reboots a server through that helper: no state verb.
func (s *ServersService) Reboot2(ctx context.Context, id int) error { // want Reboot2:`effect\(HTTP POST: .*\)`
	return s.client.postForm(ctx, fmt.Sprintf("servers/%d/reboot", id))
}

// RotateKey POSTs a rotation: each one issues a new key.
func (s *ServersService) RotateKey(ctx context.Context, id int) error { // want RotateKey:`effect\(HTTP POST: .*\)`
	return s.client.send(ctx, http.MethodPost, fmt.Sprintf("servers/%d/rotate", id), nil, nil)
}

// BulkWrite POSTs files that overwrite those at their paths (kiwifs's
// BulkWrite): a write of whole contents, whatever the method.
func (s *ServersService) BulkWrite(ctx context.Context, files map[string]string) error { // want BulkWrite:`effect\(HTTP POST: .*\)`
	return s.client.send(ctx, http.MethodPost, "files/bulk", files, nil)
}

// AppendLines POSTs lines to the end of a file: each call adds them.
func (s *ServersService) AppendLines(ctx context.Context, path, text string) error { // want AppendLines:`effect\(HTTP POST: .*\)`
	return s.client.send(ctx, http.MethodPost, "files/append", map[string]string{"path": path, "text": text}, nil)
}

// SaveView POSTs to saved_queries: it stores a query, a write.
func (s *ServersService) SaveView(ctx context.Context, q string) error { // want SaveView:`effect\(HTTP POST: .*\)`
	return s.client.send(ctx, http.MethodPost, "saved_queries", map[string]string{"query": q}, nil)
}

// Exchange POSTs to the OAuth token endpoint: a credential exchange,
// which a repeat only makes issue another token.
func (c *Client) Exchange(ctx context.Context, refresh string) error { // want Exchange:`http\(read\)` Exchange:`effect\(HTTP POST read by design: restsdk\.Doer\.Do via \(\*restsdk\.Client\)\.send\)`
	return c.send(ctx, http.MethodPost, "api/v4/oauth/access_token", map[string]string{"refresh_token": refresh}, nil)
}

// IssueToken POSTs to a user's tokens: it creates an API token, a write.
func (c *Client) IssueToken(ctx context.Context, user int) error { // want IssueToken:`effect\(HTTP POST: .*\)`
	return c.send(ctx, http.MethodPost, fmt.Sprintf("users/%d/tokens", user), nil, nil)
}

// Rename POSTs to a path that only mentions a search: a write.
func (s *ServersService) Rename(ctx context.Context, id int, name string) error { // want Rename:`effect\(HTTP POST: .*\)`
	return s.client.send(ctx, http.MethodPost, fmt.Sprintf("servers/%d/researcher", id), map[string]string{"name": name}, nil)
}

// RebootAudited appends to a local file first, then reboots: the reboot
// is the effect that matters.
func (s *ServersService) RebootAudited(ctx context.Context, id int) error { // want RebootAudited:`effect\(HTTP POST: .* via \(\*restsdk.ServersService\).Reboot\)`
	f, err := os.OpenFile("reboots.csv", os.O_APPEND|os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	fmt.Fprintf(f, "%d\n", id)
	f.Close()
	return s.Reboot(ctx, id)
}

// Audit only appends: its file write is its effect.
func (s *ServersService) Audit(id int) error { // want Audit:`effect\(file write: os.OpenFile\)`
	f, err := os.OpenFile("reboots.csv", os.O_APPEND|os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	return f.Close()
}

type JobsService struct{ client *Client }

func (s *JobsService) Retry(ctx context.Context, id int) error { // want Retry:`effect\(HTTP POST: .* via \(\*restsdk.Client\).send\)`
	return s.client.send(ctx, http.MethodPost, fmt.Sprintf("jobs/%d/retry", id), nil, nil)
}

func (s *JobsService) Cancel(ctx context.Context, id int) error { // want Cancel:`effect\(HTTP POST: .* via \(\*restsdk.Client\).call\)`
	return s.client.call(ctx, http.MethodPost, fmt.Sprintf("jobs/%d/cancel", id))
}

func (s *JobsService) Log(ctx context.Context, id int) error { // want Log:`http\(read\)`
	return s.client.call(ctx, http.MethodGet, fmt.Sprintf("jobs/%d/log", id))
}

type PaymentsService struct{ client *Client }

func (s *PaymentsService) Refund(ctx context.Context, id string) error { // want Refund:`effect\(HTTP POST: .*\)`
	return s.client.call(ctx, http.MethodPost, "payments/"+id+"/refund")
}

// GraphQL POSTs a document to the GraphQL endpoint.
func (c *Client) GraphQL(ctx context.Context, query string, vars map[string]any, out any) error { // want GraphQL:`http\(sends POST graphql, query of param 1\)` GraphQL:`effect\(HTTP POST: .*\)`
	body := map[string]any{"query": query, "variables": vars}
	return c.send(ctx, http.MethodPost, "graphql", body, out)
}

// Viewer sends a GraphQL query: a read.
func (c *Client) Viewer(ctx context.Context) error { // want Viewer:`http\(read\)` Viewer:`effect\(HTTP POST read by design: restsdk.Doer.Do via \(\*restsdk.Client\).GraphQL\)`
	return c.GraphQL(ctx, `query { viewer { login } }`, nil, nil)
}

// Relabel sends a GraphQL mutation: a write.
func (c *Client) Relabel(ctx context.Context, id string) error { // want Relabel:`effect\(HTTP POST: .*\)`
	return c.GraphQL(ctx, `mutation($id: ID!) { relabel(id: $id) { id } }`, map[string]any{"id": id}, nil)
}

// An Op holds a request a constructor built.
type Op struct {
	Name string
	Req  *http.Request
}

// SendOp sends the request its caller's Op holds.
func SendOp(hc *http.Client, op *Op) error { // want SendOp:`http\(sends request of param 1's Req\)`
	resp, err := hc.Do(op.Req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func newOp(ctx context.Context, method, name string) (*Op, error) {
	req, err := http.NewRequestWithContext(ctx, method, "https://api.example.com/ops/"+name, nil)
	if err != nil {
		return nil, err
	}
	return &Op{Name: name, Req: req}, nil
}

func CreateOp(ctx context.Context, name string) error { // want CreateOp:`effect\(HTTP POST: .*SendOp`
	op, err := newOp(ctx, http.MethodPost, name)
	if err != nil {
		return err
	}
	return SendOp(http.DefaultClient, op)
}

// ok: the same Op with a GET.
func ShowOp(ctx context.Context, name string) error { // want ShowOp:`http\(read\)`
	op, err := newOp(ctx, http.MethodGet, name)
	if err != nil {
		return err
	}
	return SendOp(http.DefaultClient, op)
}
