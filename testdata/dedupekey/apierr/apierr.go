// Package apierr reads a request id out of an error and out of an HTTP
// response: the server's, never the client's dedupe key.
package apierr

import (
	"context"
	"log"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/dedupekey/store"
)

var led = &store.Ledger{Path: "ledger"}

// APIError carries the id the server gave the failed request.
type APIError struct {
	RequestId string
}

func (e *APIError) Error() string { return "request " + e.RequestId + " failed" }

func validate(req mcp.CallToolRequest) error {
	if req.GetString("account", "") == "" {
		return &APIError{RequestId: "local-0"}
	}
	return nil
}

// logFailure reads the request id of the error it is given.
func logFailure(err error) {
	if e, ok := err.(*APIError); ok {
		log.Print(e.RequestId)
	}
}

// Receipt keeps the server's id of a request.
type Receipt struct {
	RequestId string
}

// receipt reads the server's request id from a response.
func receipt(resp *http.Response) Receipt {
	return Receipt{RequestId: resp.Header.Get("X-Request-Id")}
}

func charge(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	err := validate(req)
	logFailure(err) // the error's request id: not the client's key
	if err != nil {
		return nil, err
	}
	return nil, led.Append(req.GetString("account", ""), 1) // want `tool "ap_charge" is not idempotent`
}

func chargeAfterPing(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("http://ledger/ping?account=" + req.GetString("account", ""))
	if err != nil {
		return nil, err
	}
	log.Print(receipt(resp))                                // the response's request id: the server's
	return nil, led.Append(req.GetString("account", ""), 1) // want `tool "ap_ping_charge" is not idempotent`
}

func chargeKeyed(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if req.GetString("request_id", "") == "" { // ok: the client's own key
		return mcp.NewToolResultError("request_id required"), nil
	}
	return nil, led.Append(req.GetString("account", ""), 1)
}

func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("ap_charge"), charge)
	s.AddTool(mcp.NewTool("ap_ping_charge"), chargeAfterPing)
	s.AddTool(mcp.NewTool("ap_charge_keyed"), chargeKeyed)
}
