// Package auditmw is go-sdk middleware that tests a request's method
// for "tools/call" and runs an auditor per tool name: a package that
// imports an SDK registers its tools through it, so its map of auditors
// is no registry of tools.
package auditmw

import (
	"context"
	"encoding/json"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type auditor func(args json.RawMessage) error

var auditors = map[string]auditor{
	"transfer_funds": func(args json.RawMessage) error {
		f, err := os.OpenFile("/var/log/transfers.log", os.O_APPEND|os.O_WRONLY|os.O_CREATE, 0o600)
		if err != nil {
			return err
		}
		defer f.Close()
		_, err = f.Write(append(args, '\n'))
		return err
	},
}

// Audit runs the tool's auditor before the call.
func Audit(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if method == "tools/call" {
			if p, ok := req.GetParams().(*mcp.CallToolParamsRaw); ok {
				if a, ok := auditors[p.Name]; ok {
					if err := a(p.Arguments); err != nil {
						return nil, err
					}
				}
			}
		}
		return next(ctx, method, req)
	}
}
