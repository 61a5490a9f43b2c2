// Package toolhints defines an Analyzer that reports MCP tools whose
// annotations promise what their handlers do not keep.
//
// # Analyzer toolhints
//
// toolhints: report tools whose read-only or idempotent hint is untrue
//
// Clients and hosts use a tool's annotations to decide what is safe: a
// tool annotated ReadOnlyHint: true is called without asking the user and
// retried freely, and a tool annotated IdempotentHint: true is re-sent
// after a timeout because "calling the tool repeatedly with the same
// arguments will have no additional effect on its environment" (MCP
// specification, ToolAnnotations). When the handler writes anyway, every
// such retry repeats the write.
//
// toolhints reports:
//
//   - a tool annotated ReadOnlyHint: true whose handler commits a side
//     effect (a file write, an SQL write, a process run, a Kubernetes,
//     GitHub or other SDK mutation, a message publish, an email, an HTTP
//     PUT or DELETE);
//   - a tool annotated IdempotentHint: true (and not read-only) whose
//     handler commits an effect that is not idempotent by nature (an
//     append, an SQL INSERT without conflict handling, an increment, a
//     create, a message publish, a process run) on a path where no dedupe
//     key has been read. An overwrite, an upsert, a PUT or a delete by id
//     is idempotent by nature and is not reported.
//
// The classification of each effect comes from the shared effect
// catalogue (package effects), through calls in any package.
//
// A handler that reaches its store only through an interface of its own
// module, implemented in a package that only main imports (package
// wiring), commits no effect its package sees: the tool is judged in the
// package that wires the program together (package main, or the cmd
// package main delegates to), and reported at its call that builds the
// tool's server, with the annotation, the handler's interface call and
// the implementation's write as related positions.
//
// A gateway's forwarder is not judged: a registration of a tool listed
// from an upstream server, whose handler passes the call on to it (see
// mcpvet help sdks). Its hints stand for the upstream tool's.
//
// HTTP requests are judged by their method, followed as a value through
// request builders and send functions (see dedupekey): for a read-only
// tool, a POST, PATCH, PUT or DELETE is a write, unless the POST is a
// read by design (the function that fixes it is named Search, Query,
// Find, List, Get, Lookup, Preview, Estimate, Embed, Count, Validate,
// Fetch, Read, Describe, Show, Lint, Render or Verify, or has a dry-run
// word anywhere in its name: CreateOrderPreview; its constant path names
// a search, _search, query or embeddings endpoint, or an OAuth token
// endpoint; it carries a GraphQL query, not a mutation), or the tool is
// named like a read (list_athena_tables, get_assertions) and no name of
// a change is in the tool's name, on the way to the POST or on the
// builder that fixed it (see dedupekey); for an
// idempotent tool, a POST or PATCH is not idempotent by nature, unless
// the function that fixes it is named by a verb that puts its object in
// a state (Subscribe, Archive, Approve, Cancel, Lock, Enable, Close,
// Revoke, Mark, Move: go-gitlab's SubscribeToMergeRequest), a PUT or
// DELETE is, and so is any request made through a call whose verb sets
// state to what its arguments say (Set, Update, Put, Upsert, Replace,
// Start, Stop, Enable, Disable, Sync, Write, Overwrite: StartStack,
// UpdateTeamMembers, BulkWrite),
// whatever its method; a modifier before the verb (SafeDelete,
// ForceUpdate) is skipped. Where the request goes through a generic
// helper whose name says nothing (CallAPI(ctx, params)), the tool's own
// name is that word: a setter or a converging action (abort, cancel,
// resize) among its first two words, and no addition (create, add, send,
// trigger, run), makes its POST no evidence (update_bitrise_yml,
// abort_build, service_resize).
//
// A tool registered in a _test.go file (a test's own server) is not
// judged.
//
// The POST of an RPC-style client is no evidence against either hint: a
// package whose every request is a hard-coded POST (JSON-RPC, GraphQL,
// Kiali's API) uses POST as its transport for reads and idempotent
// operations alike, and the method does not say which. Such a POST is
// reported only for a read-only tool, and only when reached through a
// function named like a mutation (Mutate, Create, Delete, ...) or built
// by one, or when it carries a GraphQL mutation the value-flow engine
// finds (go-gitlab's GraphQL.Do(GraphQLQuery{Query: mutation})). A client
// that takes the method as a parameter, or sends more than one method, is
// a REST client, whose method is evidence. So is a client that POSTs each
// call to its API's one endpoint (a URL kept in a field, no path of its
// own, MediaWiki's api.php) from a helper named by no operation
// (newAPIRequest): the first function on the way up named by one decides
// (GetPage reads, login exchanges credentials, EditPage writes); a
// read-only tool whose chain names none is not reported.
//
// WRONG:
//
//	s.AddTool(mcp.NewTool("get_sentinel_mock",
//		mcp.WithReadOnlyHintAnnotation(true), // the handler creates an export
//	), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
//		export, err := client.PlanExports.Create(ctx, opts) // a new export on every call
//		...
//	})
//
//	mcp.AddTool(s, &mcp.Tool{Name: "clone_vm", Annotations: &mcp.ToolAnnotations{IdempotentHint: true}},
//		func(ctx context.Context, req *mcp.CallToolRequest, in CloneIn) (*mcp.CallToolResult, any, error) {
//			_, err := clones.Create(ctx, newClone(in.Source), metav1.CreateOptions{}) // generateName: a new clone each time
//			return nil, nil, err
//		})
//
// RIGHT:
//
//	s.AddTool(mcp.NewTool("get_sentinel_mock",
//		mcp.WithReadOnlyHintAnnotation(false), // it creates an export: say so
//	), handler)
//
//	mcp.AddTool(s, &mcp.Tool{Name: "clone_vm"}, // not idempotent: the default
//		func(ctx context.Context, req *mcp.CallToolRequest, in CloneIn) (*mcp.CallToolResult, any, error) {
//			_, err := clones.Create(ctx, newClone(in.Source), metav1.CreateOptions{})
//			return nil, nil, err
//		})
//
// or keep IdempotentHint: true and make it true: read a client-supplied
// idempotency key and check it against a store before the create, or
// create under a name derived from the arguments.
//
// Findings and fixes. The related position is the hint, with the fix.
//
//   - tool "get_balance" is annotated read-only but writes a file
//     (store.Ledger.Append): clients retry it freely and repeat the
//     write. Set ReadOnlyHint to false, or move the write out of this
//     tool.
//   - tool "record" is annotated idempotent but writes a file
//     (store.Ledger.Append) before reading a dedupe key: a retried call
//     repeats it. Set IdempotentHint to false, or check a client-supplied
//     key before the effect.
//
// Suppress a finding with "//mcpvet:ignore toolhints <reason>" on the
// reported line, the annotation or the handler's doc comment. A handler
// declared "//mcpvet:idempotent <reason>" (in its doc comment, in any
// package) is not reported for its IdempotentHint.
//
// Since: v0.2.0.
//
// Flags (on the mcpvet_config analyzer): -mcpvet_config.keys adds
// dedupe-key names; -mcpvet_config.sinks adds side-effect functions;
// -mcpvet_config.nonsinks removes them (use it for a POST-only client
// method that only reads). All default to empty.
package toolhints
