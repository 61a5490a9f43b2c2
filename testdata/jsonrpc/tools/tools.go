// Package tools registers its tools on the protocol package's server.
package tools

import (
	"net/http"
	"strings"

	"example.com/jsonrpc/protocol"
)

// Register adds every tool of the package.
func Register(s *protocol.Server) {
	registerCreateBranch(s)
	registerGetBranch(s)
	registerDeleteBranch(s)
	registerSendInvoice(s)
}

func registerCreateBranch(s *protocol.Server) {
	s.RegisterTool(protocol.Tool{
		Name:        "create_branch",
		Description: "Create a branch",
	}, func(args map[string]any) (string, error) {
		name, _ := args["branch"].(string)
		resp, err := http.Post("https://git.example.com/api/branches", "application/json", strings.NewReader(name)) // want `tool "create_branch" is not idempotent but sends an HTTP POST`
		if err != nil {
			return "", err
		}
		resp.Body.Close()
		return resp.Status, nil
	})
}

// A read: no finding.
func registerGetBranch(s *protocol.Server) {
	s.RegisterTool(protocol.Tool{
		Name:        "get_branch",
		Annotations: &protocol.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true},
	}, func(args map[string]any) (string, error) {
		name, _ := args["branch"].(string)
		resp, err := http.Get("https://git.example.com/api/branches/" + name)
		if err != nil {
			return "", err
		}
		resp.Body.Close()
		return resp.Status, nil
	})
}

// A delete annotated idempotent: no finding.
func registerDeleteBranch(s *protocol.Server) {
	s.RegisterTool(protocol.Tool{
		Name:        "delete_branch",
		Annotations: &protocol.ToolAnnotations{IdempotentHint: true},
	}, func(args map[string]any) (string, error) {
		name, _ := args["branch"].(string)
		req, err := http.NewRequest(http.MethodDelete, "https://git.example.com/api/branches/"+name, nil)
		if err != nil {
			return "", err
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return "", err
		}
		resp.Body.Close()
		return resp.Status, nil
	})
}

// A send that reads the client's key first: no finding.
func registerSendInvoice(s *protocol.Server) {
	s.RegisterTool(protocol.Tool{
		Name: "send_invoice",
	}, func(args map[string]any) (string, error) {
		key, _ := args["idempotency_key"].(string)
		req, err := http.NewRequest(http.MethodPost, "https://billing.example.com/invoices", nil)
		if err != nil {
			return "", err
		}
		req.Header.Set("Idempotency-Key", key)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return "", err
		}
		resp.Body.Close()
		return resp.Status, nil
	})
}
