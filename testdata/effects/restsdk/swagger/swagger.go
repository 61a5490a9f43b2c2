// Package swagger has the shape of a go-swagger client: no context
// parameter (it rides in the Params struct), the method in a
// runtime.ClientOperation submitted to the transport.
package swagger

import (
	"context"
	"net/http"

	"github.com/go-openapi/runtime"
	"github.com/go-openapi/strfmt"
)

type CreateStackParams struct {
	Body       string
	Context    context.Context
	HTTPClient *http.Client
}

type SearchStacksParams struct {
	Query      string
	Context    context.Context
	HTTPClient *http.Client
}

// WriteToRequest writes the parameters to the request, as go-swagger
// generates it (here it writes nothing).
func (o *CreateStackParams) WriteToRequest(r runtime.ClientRequest, reg strfmt.Registry) error {
	return nil
}

func (o *SearchStacksParams) WriteToRequest(r runtime.ClientRequest, reg strfmt.Registry) error {
	return nil
}

type Client struct {
	transport runtime.ClientTransport
}

func (a *Client) CreateStack(params *CreateStackParams) (any, error) { // want CreateStack:`effect\(HTTP POST: \(github.com/go-openapi/runtime.ClientTransport\).Submit\)`
	op := &runtime.ClientOperation{
		ID:          "CreateStack",
		Method:      "POST",
		PathPattern: "/stacks",
		Params:      params,
		Context:     params.Context,
		Client:      params.HTTPClient,
	}
	return a.transport.Submit(op)
}

func (a *Client) DeleteStack(params *CreateStackParams) (any, error) { // want DeleteStack:`effect\(HTTP DELETE: .*\)`
	return a.transport.Submit(&runtime.ClientOperation{ID: "DeleteStack", Method: "DELETE", PathPattern: "/stacks/{id}", Params: params})
}

// SearchStacks POSTs a search: a read by design (its operation's name).
func (a *Client) SearchStacks(params *SearchStacksParams) (any, error) { // want SearchStacks:`http\(read\)` SearchStacks:`effect\(HTTP POST read by design: \(github\.com/go-openapi/runtime\.ClientTransport\)\.Submit\)`
	return a.transport.Submit(&runtime.ClientOperation{ID: "SearchStacks", Method: "POST", PathPattern: "/stacks/filter", Params: params})
}

func (a *Client) StackInspect(params *SearchStacksParams) (any, error) { // want StackInspect:`http\(read\)`
	return a.transport.Submit(&runtime.ClientOperation{ID: "StackInspect", Method: "GET", PathPattern: "/stacks/{id}", Params: params})
}
