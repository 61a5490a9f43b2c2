// Package formapi serves a wiki whose client POSTs every call to the
// API's one endpoint, with the operation in the form (MediaWiki's
// api.php): the POST says nothing, the client method's name does
// (GetPage reads, EditPage writes, Compare says neither). A read-only
// tool is reported only where a name says it writes. Its PDF search
// writes temporary files a struct holds and removes them: no write.
package formapi

import (
	"context"
	"net/http"
	"net/url"
	"os"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Client talks to the wiki's api.php.
type Client struct {
	endpoint string
	http     *http.Client
}

type call struct {
	form url.Values
}

func (c *Client) newRequest(ctx context.Context, cl call) (*http.Request, error) {
	return http.NewRequestWithContext(ctx, "POST", c.endpoint, strings.NewReader(cl.form.Encode()))
}

func (c *Client) attempt(ctx context.Context, cl call) error {
	req, err := c.newRequest(ctx, cl)
	if err != nil {
		return err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *Client) api(ctx context.Context, form url.Values) error {
	return c.attempt(ctx, call{form: form})
}

func (c *Client) GetPage(ctx context.Context, title string) error {
	return c.api(ctx, url.Values{"action": {"query"}, "titles": {title}})
}

func (c *Client) Compare(ctx context.Context, from, to string) error {
	return c.api(ctx, url.Values{"action": {"compare"}, "fromtitle": {from}, "totitle": {to}})
}

func (c *Client) EditPage(ctx context.Context, title, text string) error {
	return c.api(ctx, url.Values{"action": {"edit"}, "title": {title}, "text": {text}})
}

// Download reads a file's bytes.
func (c *Client) Download(ctx context.Context, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// pdfFiles holds the temporary files of one PDF search.
type pdfFiles struct {
	in, out string
}

func (f pdfFiles) cleanup() {
	_ = os.Remove(f.in)
	_ = os.Remove(f.out)
}

func tempFile(pattern string) (string, error) {
	f, err := os.CreateTemp("", pattern)
	if err != nil {
		return "", err
	}
	name := f.Name()
	return name, f.Close()
}

func (c *Client) SearchPDF(ctx context.Context, data []byte) error {
	in, err := tempFile("in-*.pdf")
	if err != nil {
		return err
	}
	out, err := tempFile("out-*.txt")
	if err != nil {
		_ = os.Remove(in)
		return err
	}
	files := pdfFiles{in: in, out: out}
	defer files.cleanup()
	return os.WriteFile(files.in, data, 0o600)
}

type In struct {
	Title string `json:"title"`
}

func Register(s *mcp.Server, c *Client) {
	ro := &mcp.ToolAnnotations{ReadOnlyHint: true}
	// ok: the client's POST, from a method named as a read.
	mcp.AddTool(s, &mcp.Tool{Name: "wiki_get_page", Annotations: ro}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, c.GetPage(ctx, in.Title)
	})
	// ok: the client's POST, from a method whose name says nothing: no
	// evidence of a write.
	mcp.AddTool(s, &mcp.Tool{Name: "wiki_compare", Annotations: ro}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, c.Compare(ctx, in.Title, in.Title)
	})
	// The client's POST, from a method named as a change: a write.
	mcp.AddTool(s, &mcp.Tool{Name: "wiki_touch", Annotations: ro}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, c.EditPage(ctx, in.Title, "") // want `tool "wiki_touch" is annotated read-only but sends an HTTP POST \(formapi.Client.EditPage\)`
	})
	// ok: temporary files, written and removed through a struct's fields.
	mcp.AddTool(s, &mcp.Tool{Name: "wiki_search_pdf", Annotations: ro}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, c.SearchPDF(ctx, nil)
	})
}
