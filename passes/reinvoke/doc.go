// Package reinvoke defines an Analyzer that reports side effects a tool
// handler commits before it returns input requests, which the next round
// of a multi-round-trip call repeats.
//
// # Analyzer reinvoke
//
// reinvoke: report effects committed before returning input requests
//
// With multi-round-trip requests (SEP-2322, MCP 2026-07-28), a handler
// that needs a confirmation or a missing value returns input requests
// (go-sdk: &mcp.CallToolResult{InputRequests: ...}; mcp-go:
// server.NewInputRequestBuilder(...).Elicit(...).ToolResult() or a
// result with MultiRoundTripResult.InputRequests). The client answers them
// and sends the same call again, and the handler runs again from the top
// with req.Params.InputResponses set; for older clients the SDK's server
// middleware re-invokes the handler itself. Re-running is ordinary
// control flow, not an error path, and it happens whatever the tool's
// annotations say.
//
// A side effect committed on a path that goes on to return input requests
// is therefore committed again on the next round: a charge made before
// asking "which card?" is made twice, and it is made even when the user
// then declines.
//
// reinvoke reports such an effect, in any function that returns input
// requests (a tool handler, a middleware, a helper that builds the
// input-required result), also when a helper of another package builds
// them (its result as the value-flow engine sees it). It does not report:
//
//   - effects only on paths where the input responses are present: inside
//     or after a check such as len(req.Params.InputResponses) > 0,
//     req.Params.RequestState != "", a comma-ok lookup
//     responses[id] / server.InputResponse(...), or a non-nil
//     server.ElicitationResponse(...);
//   - a call of a helper, in any package, that returns input requests
//     itself (it is checked on its own, path by path, and reported there
//     once), or that commits its effects only once the input responses
//     are present (in another package: the AnsweredOnly fact);
//   - effects on paths where a dedupe key has been read first, or whose
//     callee checks a key itself;
//   - the synchronous elicitation call (ServerSession.Elicit, mcp-go
//     RequestElicitation): it waits for the answer inside one run of the
//     handler, which is not re-invoked.
//
// Side effects come from the shared effect catalogue (package effects),
// through calls in any package.
//
// A finding names the tool whose handler commits the effect. An exported
// handler that its own package neither registers nor calls (a package of
// handlers that another package registers) is reported where it is
// registered, once per registration, naming the tool, with related
// positions at the effect and at the return of input requests; its own
// package does not report it. Any other function is reported where the
// effect is, as "this function" when the package registers no tool with
// it.
//
// WRONG:
//
//	func(ctx context.Context, req *mcp.CallToolRequest, in OrderIn) (*mcp.CallToolResult, any, error) {
//		id, err := orders.Insert(ctx, in) // runs again when the client answers
//		if err != nil {
//			return nil, nil, err
//		}
//		return &mcp.CallToolResult{
//			InputRequests: mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: "Place order " + id + "?"}},
//		}, nil, nil
//	}
//
// RIGHT:
//
//	func(ctx context.Context, req *mcp.CallToolRequest, in OrderIn) (*mcp.CallToolResult, any, error) {
//		answer, ok := req.Params.InputResponses["confirm"]
//		if !ok {
//			return &mcp.CallToolResult{ // only reads before asking
//				InputRequests: mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: "Place the order?"}},
//			}, nil, nil
//		}
//		if r, _ := answer.(*mcp.ElicitResult); r == nil || r.Action != "accept" {
//			return nil, nil, errDeclined
//		}
//		id, err := orders.Insert(ctx, in) // once, after the answer
//		...
//	}
//
// Findings and fixes. The related positions show the calls to the effect
// and the return of input requests, with the fix.
//
//   - tool "order" writes a file (store.Orders.Place) before returning
//     input requests: the answer runs the handler again and repeats it.
//     Commit the effect only once InputResponses are present, or check a
//     dedupe key first; an effect idempotent by nature repeats on every
//     round, even if the user declines.
//
// Suppress a finding with "//mcpvet:ignore reinvoke <reason>" on the
// reported line, the input-requests return or the function's doc
// comment; or declare a handler that dedupes in a way mcpvet cannot see
// with "//mcpvet:idempotent <reason>" in its doc comment or on its
// registration.
//
// Since: v0.2.0.
//
// Flags (on the mcpvet_config analyzer): -mcpvet_config.keys adds
// dedupe-key names; -mcpvet_config.sinks adds side-effect functions;
// -mcpvet_config.nonsinks removes them. All default to empty.
package reinvoke
