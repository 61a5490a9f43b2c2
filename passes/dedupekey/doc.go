// Package dedupekey defines an Analyzer that reports MCP tool handlers
// that commit a side effect before reading a dedupe key.
//
// # Analyzer dedupekey
//
// dedupekey: report tool handlers that write before reading a dedupe key
//
// A tool call that times out on the client may still have run on the
// server. The client cannot tell "not done" from "done, answer lost", and
// the MCP specification tells it to send the request again (with a new
// JSON-RPC id, so the id is no dedupe key). If the handler has already
// committed its side effect (a ledger line, an SQL INSERT, a POST, a
// message), the retry commits it twice: two charges for one request.
//
// The only protection a server has is a key the client makes once per
// logical operation and sends with every attempt; the handler must
// consult a store with it before the effect. dedupekey reports the
// handler of a tool that is not idempotent (IdempotentHint false or
// absent, which is the default; read-only tools are left alone) when a
// side effect can happen on a path where no dedupe key has been read.
// It also reports a key that is replaced by a fresh value (uuid, time,
// random, or a helper of any package that returns one) when the client
// omits it, and a key the handler makes itself on every call and sends
// downstream (an Idempotency-Key header set from uuid.NewString()): a
// retried tool call makes a new one, so neither protects anything.
//
// Side effects come from a catalogue: file writes, SQL writes, HTTP
// requests other than GET/HEAD/OPTIONS (a GET to a path naming a
// restart or reload counts), process runs, email, message
// publishes (Kafka, NATS, AMQP, Pub/Sub, SQS, SNS), Redis and MongoDB
// writes, Kubernetes and GitHub mutations, and methods of third-party SDK
// clients that take a context.Context and are named with a strong
// mutation verb (Create, Insert, Send, Publish, Charge, Delete, ...).
// Effects reached through calls count, in any package (facts). In a
// tool of an SDK without annotations (metoro-io/mcp-golang,
// FreePeak/cortex, strowk/foxy-contexts) an effect that is idempotent by
// nature (an overwrite, a delete, a server-side apply) is no finding: no
// IdempotentHint can be set there. A server written without an SDK,
// which answers tools/call itself, has its tools too: each name its
// dispatch looks up or switches on, hinted by its tools/list
// definitions (mcpvet help sdks).
// A process run counts unless its command line is a known read (git
// status, kubectl get, helm list, istioctl waypoint list, a vendor CLI's
// list or show among its first words, the command kubectl exec runs):
// a shell script, a client's arguments or a configured binary count.
// A handler several tools share is reported once, naming the first of
// them by name and the others after it ("also for tools ..."), with
// their registrations as related positions: each needs the fix. A
// handler of another package is reported at the handler argument of
// that first tool's registration, each tool judged first by its own
// schema (one that names the key the handler reads is not reported);
// but not when that package registers the same tool, with the same
// hints, itself (a tool constructor returning the tool and its handler,
// registered again by a toolset table and by the server's loop): it is
// reported there, once, at the handler.
// A handler that switches on the called tool's name (switch
// request.Params.Name { case "create_x": ... }) serves each tool by the
// statements before the switch and its case. A tool whose handler looks
// an operation argument up in a table of handlers and runs one (a
// dispatcher: verb := registry[req.GetString("operation", "")]) is
// judged by each handler the table holds; handlers of another package
// give one finding, at the registration, for the first of them. A tool registered in a
// _test.go file is on a test's own server, which no client retries
// against: it is not judged (the program's registration is).
// Housekeeping does not:
// temporary and cache files, standard streams, logs, lock files,
// migrations at open.
//
// HTTP requests are followed with their method as a value, through the
// code of every package analyzed (SDK clients included): a request
// builder that takes the method as a parameter (NewRequest(ctx, method,
// path, body)), a send function (Do(ctx, req, v)), wrappers that pass the
// method along or set it with a functional option (go-gitlab's
// withMethod), go-retryablehttp, resty's R().Post, go-swagger's
// ClientOperation{Method:}
// submitted to a ClientTransport, oapi-codegen's New...Request builders,
// a request interface whose Method() the SDK sends (opsgenie), client-go's
// REST builder (restClient.Post()...Do(ctx)).
// GET, HEAD, OPTIONS and TRACE read, except a GET to a path with a
// segment word restart, reboot, reload, rerun, redeploy or rebuild (an
// API that GETs its commands: /servers/{id}/generate-and-reload); a
// Google Docs, Sheets or Slides batchUpdate is judged by the requests
// it lists (InsertText repeats, UpdateTextStyle converges); POST and
// PATCH are not idempotent,
// unless the function that fixes them is named by a verb that puts its
// object in a state (Subscribe, Archive, Approve, Cancel, Lock, Enable,
// Close, Revoke, Mark, Set, Move; not Rotate, Retry, Reset or Add);
// PUT and DELETE are idempotent by nature, whatever the method's name (an
// Edit that PUTs is idempotent, an Update that POSTs is not). A POST that
// is a read by design is a read: the function that fixes the constant
// POST is named Search, Query, Find, List, Get, Lookup, Preview,
// Estimate, Embed, Count, Validate, Fetch, Read, Describe or Show (its
// first word), or has a dry-run word anywhere in its name
// (CreateOrderPreview, DeployDryRun, SimulateTransfer), or the constant
// path has a segment search, _search, _msearch, _count, query or
// embeddings, or a word search or query in a segment (/prom_query), or
// is an OAuth token endpoint (a segment oauth, oauth2 or
// openid-connect: a repeat only issues another token), or the request
// carries a constant GraphQL query (not a mutation). A POST is a read
// too when the tool itself is named like one (get_alert_config,
// search_logs) and neither its name nor a function on the way to the
// POST is named by a change (get_or_create_user, Servers.Update; a
// transport's send or post does not count): an API that takes its
// queries in a POST body. Neither holds when the tool is annotated
// DestructiveHint: true, whose own word outweighs the names and path (a
// "run_query" tool that POSTs to /query may write). When a path has several effects, the message names the one
// that matters most: not idempotent by nature first, then a remote
// mutation or HTTP request, an SQL or data-store write, a message, a
// process run, a file write.
//
// A dedupe key is read when the handler reads a field, argument, _meta
// entry or header named like one: idempotency_key, idempotencyKey,
// Idempotency-Key, dedupe_key, request_id, client_token,
// ClientRequestToken and similar, compared without regard to case, '_'
// and '-'; or a parameter that the tool's input schema describes as an
// idempotency or deduplication key, whatever its name (mcp-go
// mcp.Description, a go-sdk jsonschema tag). The value must come from the
// tool call: the handler's request, typed input, _meta or headers, or a
// helper given them (checkIdempotency(req)). A credential named like a
// key (a ClientToken field of the server's configuration) is no key.
// A handler registered on a server that installs the idem middleware
// (github.com/mcpvet/mcpvet/idem: gosdk.Install or mcpgo.Install, or
// their Middleware added with AddReceivingMiddleware, Use or
// server.WithToolHandlerMiddleware) reads the key before any effect: the
// middleware dedupes every keyed call before the handler runs. It must be
// the same server value: the variable (or field of one) the middleware
// is installed on, or the server made by the same call (mcp.NewServer),
// also when it is handed to an unexported function that registers on it.
//
// A gateway's forwarder is not judged: a registration of a tool listed
// from an upstream server, whose handler passes the call on to it (see
// mcpvet help sdks). Its hints stand for the upstream tool's, which the
// upstream server keeps; effects of the gateway's own handler are listed
// by mcpvet tools.
//
// WRONG:
//
//	mcp.AddTool(s, &mcp.Tool{Name: "charge"}, func(ctx context.Context, req *mcp.CallToolRequest, in ChargeIn) (*mcp.CallToolResult, any, error) {
//		if err := ledger.Append(in.Account, in.Amount); err != nil { // a retry charges twice
//			return nil, nil, err
//		}
//		return &mcp.CallToolResult{}, nil, nil
//	})
//
// RIGHT: put the idem middleware (github.com/mcpvet/mcpvet/idem) in front
// of the tools; the handler does not change, and a call repeated with the
// same key gets the first call's result:
//
//	store, err := sqlitestore.Open("idem.db", nil) // keys that survive restarts
//	if err != nil { ... }
//	gosdk.Install(s, store, nil)                   // mcp-go: mcpgo.Install(s, store, nil)
//	mcp.AddTool(s, &mcp.Tool{Name: "charge"}, charge)
//
// or read the key in the handler:
//
//	type ChargeIn struct {
//		Account        string `json:"account"`
//		Amount         int    `json:"amount"`
//		IdempotencyKey string `json:"idempotency_key"` // made once by the client
//	}
//
//	mcp.AddTool(s, &mcp.Tool{Name: "charge"}, func(ctx context.Context, req *mcp.CallToolRequest, in ChargeIn) (*mcp.CallToolResult, any, error) {
//		if prev, ok := ledger.Lookup(in.IdempotencyKey); ok {
//			return prev, nil, nil // a retry: answer what the first call did
//		}
//		if err := ledger.AppendOnce(in.IdempotencyKey, in.Account, in.Amount); err != nil {
//			return nil, nil, err
//		}
//		return &mcp.CallToolResult{}, nil, nil
//	})
//
// or, when repeating the call is harmless, say so:
//
//	&mcp.Tool{Name: "set_limit", Annotations: &mcp.ToolAnnotations{IdempotentHint: true}}
//
// Findings and fixes. The message names the tool, the effect (with the
// function the handler calls) and what a retry does; the related
// positions show the registration, with the fix, and the calls from the
// handler to the effect.
//
//   - tool "charge" is not idempotent but writes a file
//     (ledger.Ledger.Append) before reading a dedupe key: a retried call
//     repeats it. Check a client-supplied idempotency key before the
//     effect, or annotate IdempotentHint: true if a repeat is harmless
//     (for an SDK without annotations, a //mcpvet:idempotent directive on
//     the registration).
//   - tool "save" is not marked idempotent and writes a file
//     (os.WriteFile) before reading a dedupe key: a retried call repeats
//     it. The effect looks idempotent by nature (an overwrite, a delete):
//     annotate IdempotentHint: true if repeating the whole tool is
//     harmless, else check a dedupe key first. So is an effect after a
//     guarded transition's guard (the entity loaded by the client's id,
//     refused unless in the state the change starts from, then moved
//     on): a retry stops at the guard.
//   - tool "charge" falls back to a fresh dedupe key when the client sends
//     none: a retried call without a key repeats it. Reject calls without
//     a key, or derive the fallback from the request's content. The
//     fallback may be made by a helper the handler gives the tool call's
//     data: one of this package (looked into, 2 deep), or of another
//     package (its FreshFallback fact), reported at the call.
//   - the dedupe key (Idempotency-Key) of tool "charge" is made anew on
//     every call: the server sees each retry as a new operation. Take the
//     key from the client (an idempotency_key argument or _meta entry) and
//     send that.
//   - the dedupe key that payments.ChargeNew sends for tool "charge" is
//     made anew on every call: the same, when a helper (of this package or
//     another) makes the key itself from a fresh value (its effect's
//     KeyMade); the related position shows where, in this module. Pass
//     the client's key to the helper instead.
//
// Suppress a finding with "//mcpvet:ignore dedupekey <reason>" on the
// reported line, the registration or the handler's doc comment; or
// declare a handler that dedupes in a way mcpvet cannot see with
// "//mcpvet:idempotent <reason>" in its doc comment or on its
// registration. The doc comment's directive holds where the handler is
// registered from another package too.
//
// A handler declared in another package is judged by its facts: it is
// keyed when it reads a key from its parameters (or an argument that the
// registration's input schema describes as the key), and a handler factory
// (func Charge(db *DB) server.ToolHandlerFunc) when the handler it
// returns reads one from the tool call; a key-named field of the
// factory's own configuration is no key of the caller's.
//
// A handler that reaches its store only through an interface of its own
// module that no package it imports implements (the handler package
// imports model.TaskStore; only main imports store.SQLStore and passes it
// in) commits no effect its package can see: under go vet a package is
// analyzed with its dependencies' facts only. Such a tool is reported in
// the main package that wires the implementation in (or a cmd package
// that main delegates to, as a cobra program's cmd.Execute()), at its call that
// builds the tool's package's server (a function of that package returning
// one of its types, server.NewMCPServer(...), else its first call of that
// package: server.Register(s, sched.New(store.New(db)))),
// when every implementation main can see commits the effect (an
// in-memory twin beside the real store keeps it silent), and only when
// the handler reads no dedupe key and its schema names none. A test
// variant does not resolve it through what its tests import. The related
// positions lead to the registration and to the handler's call; suppress
// it on the reported line, or with //mcpvet:idempotent on the
// registration.
//
// Since: v0.1.0.
//
// Flags (on the mcpvet_config analyzer): -mcpvet_config.keys adds
// dedupe-key names; -mcpvet_config.sinks adds side-effect functions;
// -mcpvet_config.nonsinks removes them. All default to empty.
package dedupekey
