// Package runtime is a stub of github.com/go-openapi/runtime v0.28.0's
// client operation types, at the real import path: the real module pulls
// in strfmt and the MongoDB driver, too much to load from source in tests.
package runtime

import (
	"context"
	"net/http"
)

// ClientOperation represents the context for a swagger operation to be submitted to the transport
type ClientOperation struct {
	ID                 string
	Method             string
	PathPattern        string
	ProducesMediaTypes []string
	ConsumesMediaTypes []string
	Schemes            []string
	Params             any
	Reader             any
	Context            context.Context
	Client             *http.Client
}

// A ClientTransport implementor knows how to submit Request objects to some destination
type ClientTransport interface {
	Submit(*ClientOperation) (interface{}, error)
}
