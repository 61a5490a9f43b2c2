// Package toolcalls defines a building-block analyzer that finds the
// places where MCP client code calls a tool, and the calls that read back
// the outcome of an earlier tool call. It reports nothing.
//
// Tool calls are go-sdk (*mcp.ClientSession).CallTool and mcp-go
// (*client.Client).CallTool and client.MCPClient's CallTool, the other
// SDKs' clients (sdk_other.go: ThinkInAIXYZ/go-mcp, trpc-mcp-go,
// metoro-io/mcp-golang, whose CallTool takes the tool name, and
// viant/mcp), with the
// constant tool name when it can be resolved (CallToolParams{Name: ...},
// req.Params.Name = "..."); and calls of a project's own wrappers, in any
// package: functions that call CallTool, directly or through other
// wrappers, carry a Caller fact. A call of an interface method (an agent
// framework's tool abstraction, t.Run(ctx, input)) is a tool call when a
// method of the same name with a Caller fact, in this or an imported
// package, belongs to a type implementing the interface (for an interface
// of one method, the implementation's package must be the interface's or
// import it); Call.Impl names it.
//
// A registration of the package is a forwarder (Result.Forwarder) when it
// is a gateway's: its name is not a constant and comes from the tools an
// upstream server lists (go-sdk ListTools and Tools, mcp-go ListTools and
// ListToolsByPage, directly or through functions the value-flow engine
// follows: fmt.Sprintf("%s_%s", server, tool.Name); a concatenation,
// prefix + tool.Name, written in the registration or in local variables),
// and its handler passes the request it is given (its tool name or
// arguments) on to a tool call whose tool it does not name, directly or
// through functions of this package or of others (Caller.Forwards: the
// parameters a function passes on), or is an SDK client's CallTool
// itself. The upstream tool owns its name, hints and effects; a handler
// that also commits effects of its own is still a forwarder.
//
// A package that registers tools idempotent or read-only by constant name
// exports them as a SafeTools package fact; ModuleSafeTools gives those of
// the imported packages of the same module and of the packages imported
// directly (the server a test or release-gate harness starts, also from
// another module).
//
// A call through the idem client helper (gosdk.CallTool, mcpgo.CallTool,
// NewCall(...).Do; sdk_idem.go) is a tool call that sends a dedupe key and
// reads its outcome back before it sends again (Call.Keyed,
// Call.ReadsBack): safe to send again.
//
// Read-backs are go-sdk ReadResource, mcp-go ReadResource, GetTask,
// TaskResult and WaitForTask, the functions named by the
// -mcpvet_config.readbacks flag, functions whose doc comment holds a
// //mcpvet:readback directive, and functions that call a read-back and
// no tool (a ReadBack fact). ListTools, Tools and Ping are liveness
// probes: they tell a dead server from a slow one, not a call that ran
// from one that did not, and are not read-backs.
package toolcalls
