package rest

import (
	"context"
	"net/http"
	"strings"

	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// PATCHes sent by a generated client's call objects (google-api-go-client:
// people.PeopleUpdateContactCall.Do): no name on the way says what the
// request does. A PATCH sets the fields it carries, idempotent by
// nature, unless the operation is named by an addition.

type contacts struct{ c *http.Client }

type contactsPatchCall struct {
	c    *http.Client
	path string
	body string
}

func (p *contacts) Patch(path, body string) *contactsPatchCall {
	return &contactsPatchCall{c: p.c, path: path, body: body}
}

func (call *contactsPatchCall) doRequest(ctx context.Context) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPatch, "https://people.example.com/"+call.path, strings.NewReader(call.body))
	if err != nil {
		return nil, err
	}
	return call.c.Do(req)
}

func (call *contactsPatchCall) Do(ctx context.Context) error {
	resp, err := call.doRequest(ctx)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (p *contacts) AddLabel(ctx context.Context, id, label string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPatch, "https://people.example.com/contacts/"+id+"/labels", strings.NewReader(label))
	if err != nil {
		return err
	}
	resp, err := p.c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func RegisterContacts(s *gosdk.Server, p *contacts) {
	// ok: annotated idempotent, and the PATCH converges.
	gosdk.AddTool(s, &gosdk.Tool{Name: "update_contact", Annotations: idem}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, p.Patch("contacts/1", `{"name":"`+in.Name+`"}`).Do(ctx)
	})
	// Annotated idempotent, but the PATCH adds a label each time.
	gosdk.AddTool(s, &gosdk.Tool{Name: "add_contact_label", Annotations: idem}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, p.AddLabel(ctx, "1", in.Name) // want `tool "add_contact_label" is annotated idempotent but sends an HTTP PATCH`
	})
}

// A generated client's custom methods, all POSTed (:modify, :send): the
// call object's type names the operation.

type usersMessagesModifyCall struct {
	c  *http.Client
	id string
}

type usersMessagesSendCall struct {
	c   *http.Client
	raw string
}

func (call *usersMessagesModifyCall) doRequest(ctx context.Context) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, "POST", "https://mail.example.com/v1/messages/"+call.id+"/modify", nil)
	if err != nil {
		return nil, err
	}
	return call.c.Do(req)
}

func (call *usersMessagesModifyCall) Do(ctx context.Context) error {
	resp, err := call.doRequest(ctx)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (call *usersMessagesSendCall) doRequest(ctx context.Context) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, "POST", "https://mail.example.com/v1/messages/send", strings.NewReader(call.raw))
	if err != nil {
		return nil, err
	}
	return call.c.Do(req)
}

func (call *usersMessagesSendCall) Do(ctx context.Context) error {
	resp, err := call.doRequest(ctx)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func RegisterMail(s *gosdk.Server, c *http.Client) {
	// ok: annotated idempotent; modifying a message's labels converges.
	gosdk.AddTool(s, &gosdk.Tool{Name: "modify_message_labels", Annotations: idem}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, (&usersMessagesModifyCall{c: c, id: in.Name}).Do(ctx)
	})
	// Annotated idempotent, but each call sends the message again.
	gosdk.AddTool(s, &gosdk.Tool{Name: "send_message", Annotations: idem}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, (&usersMessagesSendCall{c: c, raw: in.Name}).Do(ctx) // want `tool "send_message" is annotated idempotent but sends an HTTP POST`
	})
}
