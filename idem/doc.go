// Package idem makes MCP tool calls safe to retry: the server runs a
// tool's handler at most once per idempotency key, and the client makes
// one key per logical call, sends it with every attempt, and reads the
// outcome back before it sends again. It is the cure for what mcpvet's
// dedupekey, readback and freshkey checks report.
//
// This package is the SDK-neutral core: the Store interface and its
// in-memory implementation, the records and their fingerprints, key
// extraction, the status document served at tasks://{task_id}/status, the
// Guard that the server middleware runs calls through, the Sweeper, and
// the client's probe/read-back/branch engine. The packages users import
// are the SDK bindings and a persistent store:
//
//   - gosdk: middleware, status resource, Accept and client helper for
//     github.com/modelcontextprotocol/go-sdk
//   - mcpgo: the same for github.com/mark3labs/mcp-go
//   - sqlitestore: the store for one server (survives restarts)
//   - pgstore: the store for several replicas
//
// A go-sdk server adds two lines:
//
//	store, err := sqlitestore.Open("idem.db", nil)
//	gosdk.Install(server, store, nil)
//
// and a client calls through the helper instead of CallTool:
//
//	res, err := gosdk.CallTool(ctx, session, &mcp.CallToolParams{Name: "charge", Arguments: args}, nil)
//
// # Server
//
// The middleware takes the key from the request's _meta entry
// "idempotency_key" or, failing that, from the tool argument
// "idempotency_key" (both names configurable in Options). A call without
// a key runs unchanged. With a key:
//
//   - first call: the record is created running, with a fingerprint of
//     the tool name and the canonical arguments; the handler runs; the
//     record becomes done with the result, or failed if the handler
//     returned an error or panicked;
//   - same key, same fingerprint, done: the recorded result is returned
//     and nothing runs;
//   - same key, other arguments (or another tool): a tool error, nothing
//     runs;
//   - same key while running: a tool error that says the call is in
//     progress, with its task id; nothing runs;
//   - same key after failed: the handler runs again under the key.
//
// The handler of a keyed call runs with a context that is not cancelled
// when the client gives up (Options.KeepCancellation restores it), and can
// read the key with KeyFromContext to store it with its effect.
//
// # Client
//
// The helpers (gosdk.CallTool, mcpgo.CallTool, or NewCall(...).Do for a
// call that must survive a reconnect) send the key with every attempt.
// After a failure whose outcome is unknown they probe the server with
// tools/list (a dead server is reported with ErrUnreachable, not resent
// to), read the status resource (and the caller's ReadBack function, if
// any), and branch: done returns the recorded result; running or pending
// polls at 1, 2, 5, 10 seconds up to a limit; failed or not found sends
// again with the same key, at most twice, after 1 and 2 seconds. Errors
// that prove the call never ran return at once. Nothing is ever resent
// blindly: if the outcome cannot be read back, the helper returns
// ErrOutcomeUnknown.
package idem
