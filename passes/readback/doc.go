// Package readback defines an Analyzer that reports MCP clients that send
// a tool call again after a failure whose outcome is unknown, without
// reading back what happened.
//
// # Analyzer readback
//
// readback: report tool calls re-sent without reading back their outcome
//
// After a timeout, a cancelled context, a closed connection or a restarted
// stdio server, a client knows only that no answer came. The call may
// have run: the server may have charged the card, sent the mail or
// written the row before the answer was lost. Sending the same call again
// runs the tool twice unless the server can recognize the repetition.
//
// readback reports a CallTool (go-sdk (*mcp.ClientSession).CallTool,
// mcp-go (*client.Client).CallTool or client.MCPClient, the CallTool of
// the go-mcp, trpc-mcp-go and mcp-golang clients, or a project's own
// wrapper of any, in any package) that is sent again after it failed:
//
//   - in a retry loop: continue after the error, falling through with the
//     error saved, a break only on success (a loop over different items is
//     not a retry);
//   - in the error path of an earlier call of the same tool, also after
//     reconnecting (Connect with a new transport, a fresh client, the
//     project's reconnect helper) and on the fall-through path after
//     if err == nil { return } (the same request: the same variable, a
//     request built again from the same variables, or the same name and
//     arguments given to the project's own CallTool wrappers);
//   - in a retry loop around an interface method (an agent framework's
//     tool abstraction, t.Run(ctx, input)) one of whose implementations
//     in the analyzed code calls a tool; the message names it;
//   - by a function that calls itself on the error path;
//   - by a retry library that retries on error: cenkalti/backoff v4 and
//     v5, avast/retry-go v4 and v5, failsafe-go with a retry policy,
//     sethvargo/go-retry (when the error is wrapped in RetryableError,
//     also by a helper that returns it; backoff.Permanent and
//     retry.Unrecoverable stop the retry the same way), k8s wait (when
//     the condition returns false, nil after the failure) and
//     retry.OnError;
//   - by the project's own retry helper or runner, in the same or
//     another package (a function that calls its function parameter
//     again after it returned an error); a named step handed to it is
//     reported at the call that hands it over, with the step's CallTool
//     as the related position;
//   - by an exported helper of another package that sends the tool its
//     caller names and re-sends it, when its own package calls it only
//     with tools registered idempotent or read-only (its Resends fact):
//     each call that names another tool is reported, with the helper's
//     re-send as the related position; a helper its package never calls
//     is judged where it is;
//   - by the transport itself: a StreamableClientTransport whose
//     HTTPClient comes from go-retryablehttp re-sends POSTs (also a client
//     kept in a field or made by a helper; not one set to RetryMax 0);
//   - by the SDK client itself: a trpc-mcp-go client built with
//     WithSimpleRetry(n) or WithRetry(RetryConfig{MaxRetries: n}), n > 0,
//     re-sends every request after a timeout, EOF or a 5xx answer
//     (reported at the option when a tool call is sent through that
//     client in the package; not with WithTasks, whose calls are not
//     retried).
//     When a helper of the package, or of another package (its
//     ClientParams fact), builds the transport or the client from what it
//     is given, each call of the helper is judged, and the call that
//     passes the retrying client or option is reported. A tool call sent
//     by another package's function that is given the client counts as
//     one sent through it.
//
// It stays silent when the call is safe to repeat: a read-back between
// the failure and the re-send (ReadResource, mcp-go GetTask, TaskResult or
// WaitForTask, a call of a tool registered read-only, a function named by
// -mcpvet_config.readbacks or marked //mcpvet:readback); a call through
// the idem client helper (github.com/mcpvet/mcpvet/idem: gosdk.CallTool,
// mcpgo.CallTool, NewCall(...).Do, or a wrapper of them), which sends one
// key with every attempt and reads the outcome back before it sends
// again, also in a retry loop (a plain CallTool in the error path of a
// failed helper call is still a blind re-send); a dedupe key
// sent with the call (made per attempt, it is freshkey's business); a
// re-send guarded by the tool's IdempotentHint or ReadOnlyHint; a retry
// condition that only re-sends errors proving the call never ran (an
// authorization failure, method not found, invalid parameters, a
// conflict); a tool registered idempotent or read-only in the analyzed
// code (by constant name, in the package, an imported package of the
// same module, or a package it imports directly, such as the server a
// test harness starts), also when an unexported helper sends only such
// names. A liveness probe (ListTools, Tools, Ping) tells a dead server
// from a slow one, not a call that ran from one that did not: it is not a
// read-back.
//
// WRONG:
//
//	for attempt := 0; attempt < 3; attempt++ {
//		ctx1, cancel := context.WithTimeout(ctx, time.Second)
//		res, err := cs.CallTool(ctx1, &mcp.CallToolParams{Name: "charge", Arguments: args})
//		cancel()
//		if err == nil {
//			return res, nil
//		}
//		// the timed-out call may have charged: this charges again
//	}
//
// RIGHT: send through the idem client helper
// (github.com/mcpvet/mcpvet/idem), which makes one key per logical call,
// sends it with every attempt, and after a failure whose outcome is
// unknown probes the server and reads the outcome back before it sends
// again:
//
//	res, err := gosdk.CallTool(ctx, cs, &mcp.CallToolParams{Name: "charge", Arguments: args}, nil)
//	// mcp-go: res, err := mcpgo.CallTool(ctx, c, req, nil)
//
// or do the same by hand:
//
//	key := uuid.NewString() // once per logical charge
//	args["idempotency_key"] = key
//	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: args})
//	for attempt := 1; err != nil && attempt < 3; attempt++ {
//		// ask before charging again
//		rr, rerr := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "ledger://charges/" + key})
//		if rerr == nil && len(rr.Contents) > 0 {
//			return resultFrom(rr), nil
//		}
//		res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: args})
//	}
//
// Findings and fixes. The message names the call and what re-sends it;
// the related positions show where the failure is observed and the retry
// construct, with the fix: read back the outcome first (a read-back
// between the failure and the next attempt), or send an idempotency key
// made once before the retry.
//
//   - CallTool("charge") is sent again by this loop after a failed
//     attempt whose outcome is unknown: the tool can run twice. Also "by
//     backoff.Retry", "by the retry helper withRetry", "by the recursive
//     call of charge", "in the error path".
//   - retry.Do runs step, which sends CallTool("charge"), again after a
//     failed attempt whose outcome is unknown: the tool can run twice (a
//     named step handed to a runner).
//   - this MCP transport's HTTP client (go-retryablehttp) re-sends a POST
//     after a connection error or a 5xx: the tool can run twice unseen.
//     Use a plain *http.Client.
//   - this trpc-mcp-go client option re-sends every request up to 3 times
//     after a timeout, EOF or a 5xx: the tool can run twice unseen. Build
//     the clients that call tools without it.
//
// Suppress a finding with "//mcpvet:ignore readback <reason>" on the
// reported line or the line where the failure is observed; declare a
// function that reads back an outcome with "//mcpvet:readback <reason>"
// in its doc comment.
//
// Since: v0.1.0.
//
// Flags (on the mcpvet_config analyzer): -mcpvet_config.readbacks adds
// read-back functions, as full names such as
// "(*example.com/ledger.Client).Status"; -mcpvet_config.keys adds
// dedupe-key names. Both default to empty.
package readback
