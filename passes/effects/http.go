package effects

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"github.com/mcpvet/mcpvet/passes/valueflow"
)

// This file infers HTTP effects from what code does, with the method as a
// value: printf infers its wrappers the same way. A function that passes
// its method parameter into a request it sends "sends with the method of
// parameter i"; a function that returns a request built from its method
// parameter is a request builder; a function that sends the
// *http.Request it receives is a send function. These are HTTP facts. A
// caller that passes a constant method (http.MethodPost) to such a
// function commits that method, and gets an Effect fact that travels to
// callers in other packages and modules as any effect does. Where these
// shapes leave a method unknown, flow.go asks the value-flow engine: a
// field of a params struct, a request struct a send function turns into
// an *http.Request, a constructor's result, a table in a loop.
//
// Classification by method: GET, HEAD, OPTIONS and TRACE read; POST and
// PATCH are not idempotent; PUT and DELETE are idempotent by nature. A
// POST that is a read by design is a read (readByDesign). A client whose
// every request is a hard-coded POST (JSON-RPC, GraphQL, Kiali's API)
// uses POST as its transport: its effects are marked RPC, and toolhints
// does not take the method as evidence for them.
//
// Cost: computeHTTP runs only in packages that import net/http, a known
// HTTP library, or a package whose functions carry HTTP facts.

// HTTP is a fact about a function that sends or builds an HTTP request
// whose method or path its caller chooses, or that sends only reads.
type HTTP struct {
	Builds      bool   // returns the request instead of sending it
	Method      string // the constant method, "" when a parameter gives it
	MethodParam int    // the string parameter giving the method, or -1
	ReqParam    int    // the *http.Request parameter whose method is sent, or -1
	// ReqField, when not "", says that the request is this field path
	// ("Req", "Op.Req") of parameter ReqParam: a struct that holds the
	// request a constructor built (api.HC.Do(op.Req)); or, when
	// ReqBuilt, what calling parameter ReqParam returns (a retry loop's
	// build() callback: do(ctx, func() (*http.Request, error) {...})).
	ReqField   string
	ReqBuilt   bool
	PathParam  int    // the string parameter giving the path, or -1
	Path       string // the constant text of the path, when known
	QueryParam int    // the string parameter holding a GraphQL document, or -1
	// QueryField, when not "", says that the document is this field of
	// parameter QueryParam (go-gitlab's GraphQL.Do(GraphQLQuery{Query:
	// q})).
	QueryField string
	// BodyParam is 1 + the parameter that is the POST's body, whose
	// JSON-RPC envelope each caller's names the operation (rpcop.go).
	BodyParam int
	RPC       bool   // a hard-coded POST of a client that sends nothing else
	Read      bool   // the function sends HTTP reads only (no fact otherwise)
	From      string // the function whose constant Method it is
	Sink      string // the function finally reached, "" for a builder
	// Option marks a functional option that sets the method of the
	// request configuration it is applied to from its MethodParam
	// (go-gitlab's withMethod(http.MethodPost)).
	Option bool
	// OptsArg, when not 0, says that the method is set by the options
	// passed from parameter OptsArg-1 on (do(client, withMethod(...))).
	OptsArg int
	// MethodField, when not "", says that the method is this field path
	// ("Method", "Spec.Method") of parameter MethodParam, or of the
	// receiver with MethodRecv: a params or request struct that each
	// caller fills (CallAPI(ctx, Params{Method: http.MethodPost})).
	MethodField string
	MethodRecv  bool
	// MethodCall, when not "", says that the method is what method
	// MethodCall of parameter MethodParam (or of its field MethodField)
	// returns: a request interface the SDK sends (opsgenie's Exec(ctx,
	// request ApiRequest, ...) builds its request from request.Method()).
	MethodCall string
}

func (*HTTP) AFact() {}

func (h *HTTP) String() string {
	if h.Read {
		return "http(read)"
	}
	if h.Option {
		return "http(option sets method of param " + strconv.Itoa(h.MethodParam) + ")"
	}
	var b strings.Builder
	b.WriteString("http(")
	if h.Builds {
		b.WriteString("builds ")
	} else {
		b.WriteString("sends ")
	}
	switch {
	case h.OptsArg > 0:
		b.WriteString("method of the options from param " + strconv.Itoa(h.OptsArg-1))
	case h.ReqParam >= 0:
		b.WriteString("request of param " + strconv.Itoa(h.ReqParam))
		if h.ReqBuilt {
			b.WriteString("()")
		}
		if h.ReqField != "" {
			b.WriteString("'s " + h.ReqField)
		}
	case h.MethodRecv:
		b.WriteString("method of the receiver's " + h.MethodField)
	case h.MethodParam >= 0:
		b.WriteString("method of param " + strconv.Itoa(h.MethodParam))
		if h.MethodField != "" {
			b.WriteString("'s " + h.MethodField)
		}
		if h.MethodCall != "" {
			b.WriteString("'s " + h.MethodCall + "()")
		}
	default:
		b.WriteString(h.Method)
	}
	if h.PathParam >= 0 {
		b.WriteString(", path of param " + strconv.Itoa(h.PathParam))
	} else if h.Path != "" {
		b.WriteString(" " + h.Path)
	}
	if h.QueryParam >= 0 {
		b.WriteString(", query of param " + strconv.Itoa(h.QueryParam))
	}
	if h.BodyParam > 0 {
		b.WriteString(", body of param " + strconv.Itoa(h.BodyParam-1))
	}
	if h.RPC {
		b.WriteString(", rpc")
	}
	b.WriteString(")")
	return b.String()
}

// hval is a string value at a call: a constant, a parameter of the
// enclosing function, or unknown.
type hval struct {
	s     string
	known bool
	param int
	recv  bool   // the receiver's field (field is not "")
	field string // the field path of param (or of the receiver) that holds it
	opts  int    // 1 + the index of the variadic options parameter that sets it
	call  string // the method of param (or of its field) whose result it is: request.Method()
	from  string // for a method: the function whose constant it is
}

// symbolic reports whether v is decided by each call site: a parameter,
// a field of one or of the receiver, or options.
func (v hval) symbolic() bool { return v.param >= 0 || v.recv || v.opts > 0 }

var unknownVal = hval{param: -1}

// hreq describes the request a call sends or builds.
type hreq struct {
	method   hval
	reqParam int    // the method is that of the enclosing function's request parameter
	reqField string // the field path of parameter reqParam that holds the request, or ""
	reqBuilt bool   // the request is what calling parameter reqParam returns (HTTP.ReqBuilt)
	path     hval   // s holds the constant text of the path, param a parameter in it
	query    hval
	op       hval // the remote operation a JSON-RPC envelope names (rpcop.go)
	body     int  // 1 + the enclosing function's parameter that is the POST's body, 0 none (rpcop.go)
	rpc      bool
	sink     string
}

// unknownReq is a request of which nothing is known yet.
func unknownReq() hreq {
	return hreq{method: unknownVal, reqParam: -1, path: unknownVal, query: unknownVal, op: unknownVal}
}

type callKind int

const (
	noHTTP callKind = iota
	sendsHTTP
	buildsHTTP
)

// httpPkgs are the libraries whose calls computeHTTP looks at besides the
// facts.
var httpPkgs = map[string]bool{
	"net/http":                              true,
	"github.com/go-resty/resty/v2":          true,
	"resty.dev/v3":                          true,
	"github.com/go-openapi/runtime":         true,
	"github.com/go-openapi/runtime/client":  true,
	"github.com/hashicorp/go-retryablehttp": true,
}

// httpEffect is the hook of callEffect: it classifies the calls that send
// an HTTP request (net/http, resty, go-openapi's Submit, a send function
// of the facts). handled reports that the call is an HTTP send or build,
// whose answer is e (nil: a read, a build, or a method not known here).
func (r *Result) httpEffect(s *site) (e *Effect, handled bool) {
	fn := s.fn
	h := r.httpOf(fn)
	if h == nil && (fn.Pkg() == nil || !httpPkgs[fn.Pkg().Path()]) && !isDoer(fn) && shapeHTTP(fn) == nil {
		return nil, false
	}
	if h != nil && (h.Read || h.Option) {
		return nil, false
	}
	req, kind := r.httpCall(s.sc, s.call, fn, 0)
	if kind == noHTTP {
		return nil, false
	}
	if kind == sendsHTTP && req.method.known {
		e = r.classifyHTTP(s.sc, req)
	}
	if e == nil {
		// What the function commits besides its request (a file it
		// writes) still counts; its request is judged here, above.
		if fe := r.effects[fn]; fe != nil && fe.Kind != kindHTTP && !fe.Soft() {
			c := *fe
			c.Via = qualifiedName(fn)
			return &c, true
		}
		return nil, true
	}
	if req.sink != qualifiedName(fn) && req.sink != fn.FullName() {
		e.Via = qualifiedName(fn)
	}
	return e, true
}

// isPOST reports whether a request's method is a constant POST.
func isPOST(m hval) bool { return m.known && strings.EqualFold(m.s, "POST") }

// classifyHTTP turns a request sent with a known method into an effect,
// or nil for a read.
func (r *Result) classifyHTTP(sc *Scope, req hreq) *Effect {
	m := strings.ToUpper(req.method.s)
	e := &Effect{Sink: req.sink, Kind: kindHTTP, Method: m}
	switch m {
	case "GET":
		// An API that GETs its commands (Centreon's
		// /monitoring-servers/{id}/generate-and-reload).
		if getActionPath(req.path.s) {
			return e
		}
		return nil
	case "HEAD", "OPTIONS", "TRACE", "":
		return nil
	case "LIST", "PROPFIND", "SEARCH", "REPORT", "QUERY":
		// Safe methods of HTTP extensions: Vault's LIST, WebDAV's
		// PROPFIND, SEARCH and REPORT (CalDAV's and CardDAV's queries),
		// the QUERY method (a GET with a body).
		return nil
	case "PUT", "DELETE":
		// A PUT to an action's path (/stages/{id}/restart, Vault's
		// pki/issue/{role}) runs the action again on a repeat.
		e.Idempotent = m == "DELETE" || !actionPath(req.path.s)
		return e
	case "POST":
		if readByDesign(req) {
			e.Kind, e.Method = kindReadPOST, ""
			return e
		}
		e.RPC = req.rpc
		switch {
		case req.op.known:
			// A JSON-RPC call: its operation, not the transport's
			// method or the sender's name, says what it does.
			if c, ok := classifyOp(req.op.s, e); ok {
				return c
			}
		case req.op.param >= 0:
			e.Op = req.op.param + 1 // each caller's operation decides
			return e
		}
		e.Idempotent = setsState(req.method.from) || callConverges(req.method.from) || convergesName(req.method.from) || updatesItem(req)
		// A GraphQL document known here that is no query is a mutation;
		// its field's verb says what it does (stopTimeSpan converges,
		// createTimeSpan repeats), whatever the sender's name.
		e.Mutation = namesMutation(req.method.from) && !namesRequest(req.method.from) || req.query.known
		// A POST to the client's one endpoint (a field or configured
		// value, no path of its own), fixed by a helper named by no
		// operation (newAPIRequest): its callers' names say what it
		// does.
		e.Transport = !e.Mutation && !e.RPC && !e.Idempotent && req.op.param < 0 && !req.path.known && req.path.param < 0 && req.path.s == "" && neutralName(req.method.from)
		if req.query.known {
			if w := mutationVerb(mutationField(req.query.s)); w != "" {
				e.Idempotent = remoteIdem[w] || stateVerbs[w] || convergeVerbs[w]
			}
		}
	case "PATCH":
		// A PATCH sets the fields it carries: idempotent by nature,
		// unless the function whose PATCH it is is named by an
		// addition (AddLabels, AppendItem, IncrementCounter).
		e.Idempotent = setsState(req.method.from) || !addsName(req.method.from)
		e.Mutation = namesMutation(req.method.from) && !namesRequest(req.method.from)
	}
	return e
}

// updatesItem reports whether a POST updates the one resource its path
// ends at: an API that POSTs its updates to the item (Todoist's POST
// /tasks/{id}), sent by a function named by an update (UpdateTask). A
// POST to an action under the item (/servers/{id}/update) or to a
// collection (/tasks) is left to the other rules.
func updatesItem(req hreq) bool {
	if !updateWords[leadWord(req.method.from)] || !req.path.known {
		return false
	}
	path, _, _ := strings.Cut(req.path.s, "?")
	i := strings.LastIndex(path, "/")
	if i < 0 {
		return false
	}
	seg := path[i+1:]
	return seg == "%s" || seg == "%d" || seg == "%v" || // fmt.Sprintf("/tasks/%s", id)
		len(seg) > 2 && seg[0] == '{' && seg[len(seg)-1] == '}' // a URI template: /tasks/{id}
}

// updateWords are the first words of the names of functions that update
// an item in place.
var updateWords = words("Update", "Edit", "Modify", "Replace")

// neutralName reports whether a function's name says nothing of the
// operation its request runs: no read, no mutation, no state it sets.
func neutralName(name string) bool {
	return name != "" && !readName(name) && !opReads[leadWord(name)] && !namesMutation(name) && !setsState(name) && !callOp(name) && !callConverges(name) && !convergesName(name)
}

// readsOnly reports whether a function's name says it reads, or
// exchanges credentials (login, checkSession), with no word of a change
// anywhere in it (FindReplace changes).
func readsOnly(name string) bool {
	if !readName(name) && !opReads[leadWord(name)] {
		return false
	}
	for _, w := range nameWords(name) {
		if namesMutation(capital(w)) || toolChangeWords[capital(w)] {
			return false
		}
	}
	return true
}

// opName returns the name that says what a function's requests do: its
// own, or, for a method of a generated client's call object whose own
// name says nothing (google-api-go-client's
// UsersMessagesModifyCall.doRequest), the operation the type is named
// by, from its verb on, with the Call suffix kept as the mark of it
// ("ModifyCall"): such a client POSTs its custom methods (:modify,
// :clear, :batchUpdate) whatever they do.
func opName(obj types.Object) string {
	name := obj.Name()
	fn, ok := obj.(*types.Func)
	if !ok || readName(name) || namesMutation(name) || setsState(name) {
		return name
	}
	recv := recvName(fn)
	suffix := "Call"
	if name == "Do" && strings.HasSuffix(recv, "Service") {
		// go-binance's and elastic's service objects: ChangeLeverageService.Do.
		suffix = "Service"
	}
	if !strings.HasSuffix(recv, suffix) || len(recv) == len(suffix) {
		return name
	}
	ws := nameWords(strings.TrimSuffix(recv, suffix))
	for i := len(ws) - 1; i >= 0; i-- {
		w := capital(ws[i])
		if readWords[w] || remoteVerbs[w] || stateVerbs[w] || convergeVerbs[w] {
			if i > 0 && modifiers[capital(ws[i-1])] {
				i-- // BatchModify, BatchGet
			}
			op := ""
			for _, x := range ws[i:] {
				op += capital(x)
			}
			return op + suffix
		}
	}
	return name
}

// convergeVerbs name a call object's operations that set state: a
// repeat finds it set (Modify labels, Clear values, Update a document,
// Trash a file).
var convergeVerbs = words("Modify", "Update", "Patch", "Clear", "Replace", "Delete", "Remove", "Trash", "Untrash", "Reset", "Set", "Change")

// callOp reports whether a name is a call object's operation (opName).
func callOp(from string) bool { return opObject(from) != "" }

// opObject returns the operation a call or service object's name
// (opName) names, or "".
func opObject(from string) string {
	for _, suffix := range []string{"Call", "Service"} {
		if op, ok := strings.CutSuffix(from, suffix); ok && op != "" {
			return op
		}
	}
	return ""
}

// callConverges reports whether a request's operation, named by a call
// object (opName), converges.
func callConverges(from string) bool {
	op := opObject(from)
	return op != "" && convergeVerbs[Verb(op)]
}

// convergeWords are the first words of the names of operations whose
// POST removes what it names, or upserts it (an API that POSTs
// everything: DeleteMessages): a repeat leaves the same state. An
// update by POST is left to the method (ServersService.Update may add).
var convergeWords = words("Delete", "Remove", "Destroy", "Purge", "Terminate", "Upsert")

// convergesName reports whether a function is named by a converging
// operation.
func convergesName(name string) bool { return convergeWords[leadWord(name)] }

// addVerbs are the first words of the names of operations that add
// rather than set: a repeat adds again.
var addVerbs = words("Create", "Add", "Append", "Insert", "Push", "Increment", "Incr", "Post", "Send", "Submit", "Enqueue")

// addsName reports whether a function is named by an addition.
func addsName(name string) bool { return addVerbs[leadWord(name)] }

// namesRequest reports whether a function is named by the request it
// builds (createTraceRequest, buildReq): its verb is the builder's, not
// the operation's.
func namesRequest(name string) bool {
	ws := nameWords(name)
	if len(ws) < 2 {
		return false
	}
	last := strings.ToLower(ws[len(ws)-1])
	return last == "request" || last == "req"
}

// stateVerbs are the first words of operations that put their object in
// a state, which a repeat leaves it in: subscribing, archiving, approving,
// cancelling, locking, enabling (go-gitlab's SubscribeToMergeRequest,
// ArchiveProject, CancelPipelineBuild). REST APIs POST them; such a POST
// is idempotent by nature, as a move is (remoteIdem). Rotate, Retry,
// Play, Reset (a reset password mails a link, a reset token is another
// token), Transfer (of money) and Add are not among them: a repeat makes
// another.
var stateVerbs = words("Subscribe", "Unsubscribe", "Archive", "Unarchive", "Approve", "Unapprove", "Stop",
	"Cancel", "Protect", "Unprotect", "Restore", "Disable", "Enable", "Lock", "Unlock", "Pin",
	"Unpin", "Star", "Unstar", "Close", "Reopen", "Block", "Unblock", "Ban", "Unban", "Activate",
	"Deactivate", "Suspend", "Unsuspend", "Resume", "Pause", "Unpause", "Mute", "Unmute", "Follow",
	"Unfollow", "Revoke", "Erase", "Keep", "Mark", "Set", "Hide", "Unhide", "Reject", "Move", "Acknowledge",
	"Unacknowledge", "Ack", "Unack")

// setsState reports whether the function whose constant POST or PATCH it
// is is named by a stateVerb.
func setsState(name string) bool {
	return stateVerbs[leadWord(name)]
}

// leadWord returns the first word of a Go name, capitalized: createItem →
// Create, MarkConversation → Mark; "" for "".
func leadWord(name string) string {
	if name == "" {
		return ""
	}
	return firstWord(capital(name))
}

// namesMutation reports whether a function's first word is a mutation
// verb (createItem, DeleteUser); an HTTP verb (post, put, send) names the
// transport, not the operation.
func namesMutation(name string) bool {
	w := leadWord(name)
	return remoteVerbs[w] && !transportVerbs[w]
}

// readWords are the first words of the names of operations that read
// although they POST: searches, queries, scans, previews, estimates,
// embeddings.
var readWords = words("Search", "Query", "Find", "List", "Get", "Lookup", "Preview", "Estimate", "Scan",
	"Embed", "Count", "Validate", "Fetch", "Read", "Describe", "Show", "Lint", "Render", "Verify", "Evaluate")

// transportVerbs are the words of remoteVerbs that a client's transport
// helpers are named by (c.send, c.post, c.put): they say how a request
// goes, not what it does.
var transportVerbs = words("Send", "Post", "Put", "Patch")

// NamedRead reports whether e, an HTTP POST, is the effect of a tool
// named like a read (get_alert_config, search-logs, listUsers: readName
// of its words) with no word of a change in its name (get_or_create_user,
// get_and_delete_job), through functions none of which is named by one
// either (Servers.Update is, fetchAlertEntities and MakePromLabelsQuery
// are not; Effect.Trail), built by none (createItem: Effect.Mutation):
// an API that takes its queries in a POST body. The tool's name is its author's word to the model; a
// DestructiveHint outweighs it (the caller checks).
func NamedRead(e *Effect, tool string) bool {
	if e == nil || e.Kind != kindHTTP || e.Method != "POST" || e.RPC || e.Mutation || tool == "" {
		return false
	}
	var b strings.Builder
	ws := nameWords(strings.ReplaceAll(strings.ReplaceAll(tool, "-", "_"), ".", "_"))
	for _, w := range ws {
		if namesMutation(w) || toolChangeWords[capital(w)] { // not get_post_comments, which reads a post
			return false
		}
	}
	if len(ws) > 1 && !readName(capital(ws[0])) && !setsState(capital(ws[0])) && readName(capital(ws[1])) {
		// A namespace before the verb: linear_get_issue, jira_search.
		ws = ws[1:]
	}
	for _, w := range ws {
		b.WriteString(capital(w))
	}
	callees := []string{e.Via}
	for _, h := range e.Trail {
		callees = append(callees, h.Callee)
	}
	for _, c := range callees {
		// "rest.Store.Create (implemented by (*rest.store).Create)"
		for _, part := range strings.Split(c, " (implemented by ") {
			part = strings.TrimRight(part, ")")
			if namesMutation(part[strings.LastIndexByte(part, '.')+1:]) {
				return false
			}
		}
	}
	return readName(b.String())
}

// toolChangeWords are words that, in a tool's name, say it changes
// something, besides the mutation verbs: find_replace_text,
// find_and_rename_file. They are no remoteVerbs: a library's Replace
// method (a string replacer) commits nothing.
var toolChangeWords = words("Replace", "Rename", "Write", "Save", "Modify", "Clear", "Set")

// capital returns w with its first letter upper case.
func capital(w string) string {
	if w == "" {
		return w
	}
	return strings.ToUpper(w[:1]) + w[1:]
}

// readName reports whether a function's name says it reads: a first word
// of readWords (GetOrCreateUser is named like a read but is not one), or
// a dry-run word anywhere (CreateOrderPreview).
func readName(name string) bool {
	if name == "" {
		return false
	}
	if DryRunName(name) {
		return true
	}
	return !strings.Contains(name, "Create") && readWords[leadWord(name)]
}

// actionWords are words of a path segment (split at _ and -) naming an
// action whose repeat runs it again, or makes another of what it issues:
// an API that PUTs its commands (Spinnaker's /stages/{id}/restart,
// Vault's pki/issue/{role} and root/generate/{type}).
var actionWords = words("restart", "reboot", "retry", "rerun", "replay", "trigger", "execute", "invoke",
	"send", "issue", "generate", "sign", "rotate", "redeploy", "rebuild")

// actionPath reports whether a constant path has a segment naming an
// action (actionWords), before its query.
func actionPath(path string) bool { return pathHasWord(path, actionWords) }

// getActionWords are the words of actionWords that no GET of a resource
// is named by: a GET to a path with one of them runs the action (an API
// that GETs its commands, or a device's CGI: /reboot).
var getActionWords = words("restart", "reboot", "reload", "rerun", "redeploy", "rebuild")

// getActionPath reports whether a GET's constant path runs an action.
func getActionPath(path string) bool { return pathHasWord(path, getActionWords) }

// pathHasWord reports whether a constant path has a segment with one of
// ws (split at _ and -), before its query.
func pathHasWord(path string, ws map[string]bool) bool {
	path, _, _ = strings.Cut(path, "?")
	for _, seg := range strings.Split(strings.ToLower(path), "/") {
		for _, w := range strings.FieldsFunc(seg, func(c rune) bool { return c == '_' || c == '-' }) {
			if ws[w] {
				return true
			}
		}
	}
	return false
}

// readSegments are path segments naming endpoints that read by design.
var readSegments = words("search", "_search", "_msearch", "_count", "query", "embeddings")

// readPathWords are words of a path segment (split at _ and -) that name
// an endpoint that reads by design: /prom_query_instant, /full-search.
var readPathWords = words("search", "query", "suggest", "suggestions", "autocomplete")

// inferencePaths end the documented paths of LLM inference endpoints
// (Ollama's /api/generate, /api/embed; OpenAI's and the compatible
// servers' /v1/chat/completions): a POST there computes an answer and
// stores nothing.
var inferencePaths = []string{"/api/generate", "/api/embed", "/api/embeddings", "/chat/completions", "/v1/completions"}

// authSegments are path segments of an OAuth token endpoint
// (/oauth/token, /login/oauth/access_token,
// /protocol/openid-connect/token): a credential exchange, which a
// repeat only makes issue another token.
var authSegments = words("oauth", "oauth2", "openid-connect")

// readByDesign reports whether a POST is a read by design: the function
// whose constant POST it is is named like a read (first word Search,
// Query, Find, List, Get, Lookup, Preview, Estimate, Embed, Count or
// Validate, or a dry-run word anywhere: readName; a builder's
// New...Request is named by what it builds), the
// constant path names a search, query or embeddings endpoint (a segment,
// or a word of one: /prom_query), or an OAuth token endpoint (no effect
// a retry repeats: it issues another token), or the request carries a
// constant GraphQL query (not a mutation), or the path is an LLM
// inference endpoint's (inferencePaths).
func readByDesign(req hreq) bool {
	if readName(strings.TrimPrefix(req.method.from, "New")) {
		return true
	}
	if dryRunQuery(req.path.s) {
		return true
	}
	if p, _, _ := strings.Cut(req.path.s, "?"); slices.ContainsFunc(inferencePaths, func(s string) bool { return strings.HasSuffix(strings.TrimSuffix(p, "/"), s) }) {
		return true
	}
	for _, seg := range strings.FieldsFunc(strings.ToLower(req.path.s), func(c rune) bool {
		return c == '/' || c == '?' || c == '#' || c == '.'
	}) {
		if readSegments[seg] || authSegments[seg] {
			return true
		}
		for _, w := range strings.FieldsFunc(seg, func(c rune) bool { return c == '_' || c == '-' }) {
			if readPathWords[w] {
				return true
			}
		}
	}
	return req.query.known && isGraphQLQuery(req.query.s)
}

// dryRunQuery reports whether a path's constant query string asks for a
// dry run (?dryRun=1, &dry_run=true, ?dry-run): the server only says what
// the request would do.
func dryRunQuery(path string) bool {
	_, q, ok := strings.Cut(path, "?")
	if !ok {
		return false
	}
	for _, kv := range strings.FieldsFunc(q, func(c rune) bool { return c == '&' || c == ';' }) {
		k, v, hasV := strings.Cut(kv, "=")
		k = strings.NewReplacer("_", "", "-", "").Replace(strings.ToLower(k))
		if k != "dryrun" {
			continue
		}
		switch strings.ToLower(v) {
		case "1", "true", "yes", "all", "server", "client":
			return true
		case "":
			return !hasV
		}
	}
	return false
}

// isGraphQLQuery reports whether a GraphQL document is a query (or a
// subscription) and not a mutation.
func isGraphQLQuery(doc string) bool {
	doc = gqlTrim(doc)
	return strings.HasPrefix(doc, "query") || strings.HasPrefix(doc, "{") || strings.HasPrefix(doc, "subscription")
}

// gqlTrim drops a GraphQL document's leading space and comments.
func gqlTrim(doc string) string {
	for {
		doc = strings.TrimSpace(doc)
		if !strings.HasPrefix(doc, "#") {
			return doc
		}
		if i := strings.IndexByte(doc, '\n'); i >= 0 {
			doc = doc[i+1:]
		} else {
			return ""
		}
	}
}

// mutationField returns the first field a GraphQL mutation selects (its
// operation: "stopTimeSpan" of `mutation($id: Int!) { stopTimeSpan(id:
// $id) { id } }`, past an alias), or "" for another document.
func mutationField(doc string) string {
	doc = gqlTrim(doc)
	if !strings.HasPrefix(doc, "mutation") {
		return ""
	}
	i := strings.IndexByte(doc, '{')
	if i < 0 {
		return ""
	}
	ident := func(s string) (string, string) {
		s = strings.TrimSpace(s)
		n := strings.IndexFunc(s, func(c rune) bool { return !(c == '_' || unicode.IsLetter(c) || unicode.IsDigit(c)) })
		if n < 0 {
			n = len(s)
		}
		return s[:n], strings.TrimSpace(s[n:])
	}
	name, rest := ident(doc[i+1:])
	if strings.HasPrefix(rest, ":") { // an alias
		name, _ = ident(rest[1:])
	}
	return name
}

// mutationVerb returns the verb of a GraphQL mutation's field: its first
// word (createIssue, stopTimeSpan), or its last where the API names the
// object first (Linear's issueUpdate, Shopify's productCreate); "" when
// neither is a verb of remoteVerbs, stateVerbs or convergeVerbs.
func mutationVerb(field string) string {
	op := exported(field)
	verb := func(w string) bool { return remoteVerbs[w] || stateVerbs[w] || convergeVerbs[w] }
	if w := Verb(op); verb(w) {
		return w
	}
	if w := lastWord(op); w != op && verb(w) {
		return w
	}
	return ""
}

// exported returns name with its first letter upper-cased, for Verb.
func exported(name string) string {
	if name == "" {
		return ""
	}
	return strings.ToUpper(name[:1]) + name[1:]
}

// isDoer reports whether fn has the shape of an HTTP client's Do or a
// transport's RoundTrip: a method named so taking an *http.Request and
// returning an *http.Response and an error. Clients declare such
// interfaces so that tests can replace the http.Client.
func isDoer(fn *types.Func) bool {
	if fn.Name() != "Do" && fn.Name() != "RoundTrip" {
		return false
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil || sig.Params().Len() != 1 || sig.Results().Len() != 2 {
		return false
	}
	return isHTTPType(sig.Params().At(0).Type(), "Request") && isHTTPType(sig.Results().At(0).Type(), "Response")
}

// shapeHTTP returns the HTTP fact a function of a package left to the
// catalogue's rules (go-github; no facts are computed there) has by its
// signature: a NewRequest... method returning an *http.Request built
// from its string parameter named method (and the next string, the path),
// or a Do or BareDo method sending its *http.Request parameter.
func shapeHTTP(fn *types.Func) *HTTP {
	name := fn.Name()
	builder := strings.HasPrefix(name, "NewRequest")
	if !builder && name != "Do" && name != "BareDo" {
		return nil
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil || fn.Pkg() == nil {
		return nil
	}
	h := &HTTP{Builds: builder, MethodParam: -1, ReqParam: -1, PathParam: -1, QueryParam: -1}
	params := sig.Params()
	for i := 0; i < params.Len(); i++ {
		p := params.At(i)
		switch {
		case builder && analysisutil.IsString(p.Type()) && p.Name() == "method":
			h.MethodParam = i
		case builder && analysisutil.IsString(p.Type()) && h.MethodParam >= 0 && h.PathParam < 0:
			h.PathParam = i
		case !builder && isHTTPType(p.Type(), "Request") && h.ReqParam < 0:
			h.ReqParam = i
		}
	}
	if builder && (h.MethodParam < 0 || sig.Results().Len() == 0 || !isHTTPType(sig.Results().At(0).Type(), "Request")) {
		return nil
	}
	if !builder && h.ReqParam < 0 {
		return nil
	}
	if !ruledPackage(fn.Pkg().Path()) {
		return nil
	}
	if !builder {
		h.Sink = qualifiedName(fn)
	}
	return h
}

// isRequestType reports whether t is *net/http.Request or
// *go-retryablehttp.Request (which embeds it).
func isRequestType(t types.Type) bool {
	if isHTTPType(t, "Request") {
		return true
	}
	p, ok := types.Unalias(t).(*types.Pointer)
	return ok && isRetryableRequest(p.Elem())
}

// isHTTPType reports whether t is *net/http.<name>.
func isHTTPType(t types.Type, name string) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "net/http" && n.Obj().Name() == name
}

// httpCall describes the request the call sends or builds, its values
// relative to the enclosing function's parameters.
func (r *Result) httpCall(sc *Scope, call *ast.CallExpr, fn *types.Func, depth int) (hreq, callKind) {
	req := unknownReq()
	arg := func(i int) ast.Expr {
		if i >= 0 && i < len(call.Args) {
			return call.Args[i]
		}
		return nil
	}
	direct := func(m string) {
		req.method = hval{s: m, known: true, param: -1, from: sc.fname}
		req.rpc = r.rpcPkg
	}
	h := r.httpOf(fn)
	if h == nil {
		h = shapeHTTP(fn)
	}
	if h != nil {
		if h.Read || h.Option {
			return req, noHTTP // only the direct sends' functions carry Read
		}
		switch {
		case h.OptsArg > 0:
			req.method = r.optionsMethod(sc, call, h.OptsArg-1)
		case h.ReqParam >= 0:
			req2 := r.reqArg(sc, arg(h.ReqParam), h.ReqField, h.ReqBuilt, depth+1)
			req2.sink = h.Sink
			if h.Builds {
				return req2, buildsHTTP
			}
			return req2, sendsHTTP
		case h.MethodRecv || h.MethodParam >= 0:
			req.method = r.methodArg(sc, call, h)
		default:
			req.method = hval{s: h.Method, known: true, param: -1, from: h.From}
			if !namesMutation(h.From) && !readName(h.From) && !setsState(h.From) && (readName(sc.fname) || namesMutation(sc.fname) || setsState(sc.fname) || callOp(sc.fname)) {
				// A helper whose name says nothing of the operation
				// (newPost, do, postForm, an extracted builder) builds
				// its caller's request: Query's POST reads, createItem's
				// writes, MarkConversation's sets a state.
				req.method.from = sc.fname
			}
			req.rpc = h.RPC
		}
		if h.PathParam >= 0 {
			req.path = r.pathVal(sc, arg(h.PathParam))
			req.path.s = h.Path + req.path.s
		} else {
			req.path = hval{s: h.Path, known: h.Path != "", param: -1}
		}
		if h.QueryParam >= 0 {
			req.query = r.queryVal(sc, arg(h.QueryParam), h.QueryField)
		} else {
			req.query = r.graphQLDoc(sc, req.path)
		}
		if h.BodyParam > 0 {
			r.followBody(sc, &req, arg(h.BodyParam-1))
		}
		req.sink = h.Sink
		if h.Builds {
			return req, buildsHTTP
		}
		return req, sendsHTTP
	}
	if isDoer(fn) {
		req2 := r.reqAt(sc, arg(0), depth+1)
		req2.sink = fn.FullName()
		if fn.Pkg() != nil && fn.Pkg().Path() != "net/http" {
			req2.sink = qualifiedName(fn)
		}
		return req2, sendsHTTP
	}
	if fn.Pkg() == nil {
		return req, noHTTP
	}
	path := fn.Pkg().Path()
	recv := recvName(fn)
	req.sink = fn.FullName()
	switch path {
	case "net/http":
		switch recv + "." + fn.Name() {
		case ".NewRequest", ".NewRequestWithContext":
			i := 0
			if fn.Name() == "NewRequestWithContext" {
				i = 1
			}
			req.method = r.methodVal(sc, arg(i))
			req.method.from = sc.fname
			req.path = r.pathVal(sc, arg(i+1))
			if req.method.known {
				req.rpc = r.rpcPkg
			}
			req.query = r.graphQLDoc(sc, req.path)
			if isPOST(req.method) {
				r.followBody(sc, &req, arg(i+2))
			}
			return req, buildsHTTP
		case ".Get", "Client.Get":
			direct("GET")
		case ".Head", "Client.Head":
			direct("HEAD")
		case ".Post", "Client.Post", ".PostForm", "Client.PostForm":
			direct("POST")
			req.path = r.pathVal(sc, arg(0))
			req.query = r.graphQLDoc(sc, req.path)
			if !strings.HasSuffix(fn.Name(), "Form") {
				r.followBody(sc, &req, arg(2))
			}
		default:
			return req, noHTTP
		}
		return req, sendsHTTP
	case "github.com/go-resty/resty/v2", "resty.dev/v3":
		if recv != "Request" {
			return req, noHTTP
		}
		switch fn.Name() {
		case "Get", "Head", "Options", "Post", "Put", "Patch", "Delete":
			direct(strings.ToUpper(fn.Name()))
			req.path = r.pathVal(sc, arg(0))
		case "Execute":
			req.method = r.methodVal(sc, arg(0))
			req.method.from = sc.fname
			req.path = r.pathVal(sc, arg(1))
		default:
			return req, noHTTP
		}
		return req, sendsHTTP
	case "github.com/hashicorp/go-retryablehttp":
		switch recv + "." + fn.Name() {
		case ".NewRequest", ".NewRequestWithContext":
			i := 0
			if fn.Name() == "NewRequestWithContext" {
				i = 1
			}
			req.method = r.methodVal(sc, arg(i))
			req.method.from = sc.fname
			req.path = r.pathVal(sc, arg(i+1))
			if isPOST(req.method) {
				r.followBody(sc, &req, arg(i+2))
			}
			return req, buildsHTTP
		case ".FromRequest":
			// FromRequest(r) wraps the *http.Request r for sending:
			// no step of its own toward reqOf's depth bound.
			return r.reqAt(sc, arg(0), depth), buildsHTTP
		case "Client.Do":
			req2 := r.reqAt(sc, arg(0), depth+1)
			req2.sink = req.sink
			return req2, sendsHTTP
		}
		return req, noHTTP
	case "github.com/go-openapi/runtime", "github.com/go-openapi/runtime/client":
		if fn.Name() != "Submit" || (recv != "ClientTransport" && recv != "Runtime") {
			return req, noHTTP
		}
		r.clientOperation(sc, arg(0), &req)
		return req, sendsHTTP
	}
	return req, noHTTP
}

// clientOperation resolves, with the engine, a go-swagger
// runtime.ClientOperation: its Method, PathPattern and ID (the
// operation's name, which the name rule reads).
func (r *Result) clientOperation(sc *Scope, e ast.Expr, req *hreq) {
	if e == nil {
		return
	}
	op := r.vf.Eval(e, nil)
	m, _ := op.Field("Method")
	req.method = r.methodOf(sc, m, 0)
	if p, _ := op.Field("PathPattern"); p != nil {
		if s, ok := p.String1(); ok {
			req.path = hval{s: s, known: true, param: -1}
		}
	}
	if id, _ := op.Field("ID"); id != nil && req.method.known {
		req.method.from, _ = id.String1()
	}
}

// strVal resolves a string expression to a constant or a parameter of the
// enclosing function, or to the options that set it (config.method);
// methodVal and queryVal ask the engine for the rest (flow.go).
func (r *Result) strVal(sc *Scope, e ast.Expr) hval {
	if e == nil {
		return unknownVal
	}
	if tv, ok := sc.info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return hval{s: constant.StringVal(tv.Value), known: true, param: -1}
	}
	e = ast.Unparen(e)
	if sel, ok := e.(*ast.SelectorExpr); ok && strings.EqualFold(sel.Sel.Name, "method") {
		return hval{param: -1, opts: sc.optionsParam(sel.X)}
	}
	if v, _ := sc.obj(identOf(e)).(*types.Var); v != nil {
		if i, ok := sc.param(v); ok {
			sc.build()
			if len(sc.defs[v]) == 0 {
				return hval{param: i}
			}
		}
	}
	return unknownVal
}

// optionsParam returns 1 + the index of the declared function's variadic
// parameter of options (functions taking a pointer to x's type) that
// configure x, a local configuration (config.method), or 0.
func (sc *Scope) optionsParam(x ast.Expr) int {
	id := identOf(x)
	if id == nil || sc.sig == nil || !sc.sig.Variadic() {
		return 0
	}
	v, _ := sc.obj(id).(*types.Var)
	if v == nil {
		return 0
	}
	if _, ok := sc.param(v); ok {
		return 0
	}
	params := sc.sig.Params()
	last := params.At(params.Len() - 1)
	sl, _ := last.Type().(*types.Slice)
	if sl == nil {
		return 0
	}
	opt, _ := sl.Elem().Underlying().(*types.Signature)
	if opt == nil || opt.Params().Len() != 1 || !types.Identical(opt.Params().At(0).Type(), v.Type()) {
		return 0
	}
	return params.Len()
}

// optionsMethod finds, among the options a call passes from argument i
// on, one that sets the method (a function with an Option fact), and
// resolves its argument.
func (r *Result) optionsMethod(sc *Scope, call *ast.CallExpr, i int) hval {
	opts := call.Args[min(i, len(call.Args)):]
	if n := len(opts); n > 0 && call.Ellipsis.IsValid() {
		// do(c, reqOpts...) with reqOpts := []doOption{withMethod(...), ...}
		// (appended to later: go-gitlab's EditProject).
		var lit ast.Expr
		if id, ok := ast.Unparen(opts[n-1]).(*ast.Ident); ok {
			lit, _, _ = sc.grownLiteral(id)
		} else {
			lit = ast.Unparen(opts[n-1])
		}
		if cl, ok := lit.(*ast.CompositeLit); ok {
			opts = append(opts[:n-1:n-1], cl.Elts...)
		}
	}
	for _, a := range opts {
		c, ok := ast.Unparen(a).(*ast.CallExpr)
		if !ok {
			continue
		}
		fn, _ := typeutil.Callee(sc.info, c).(*types.Func)
		if fn == nil {
			continue
		}
		if h := r.http[fn.Origin()]; h != nil && h.Option {
			v := r.methodVal(sc, argAt(c, h.MethodParam))
			v.from = sc.fname
			return v
		}
	}
	return unknownVal
}

// optionFact returns the fact of a functional option that sets the method
// of what it configures from its string parameter: a function returning a
// function literal that assigns the parameter to a field named method.
func optionFact(info *types.Info, fi *funcInfo, sig *types.Signature) *HTTP {
	if sig.Results().Len() != 1 || sig.Params().Len() == 0 {
		return nil
	}
	if _, ok := sig.Results().At(0).Type().Underlying().(*types.Signature); !ok {
		return nil
	}
	var h *HTTP
	analysisutil.Inspect(fi.body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || h != nil || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			return h == nil
		}
		sel, ok := ast.Unparen(as.Lhs[0]).(*ast.SelectorExpr)
		if !ok || !strings.EqualFold(sel.Sel.Name, "method") {
			return true
		}
		id := identOf(as.Rhs[0])
		if id == nil {
			return true
		}
		for i := 0; i < sig.Params().Len(); i++ {
			if p := sig.Params().At(i); info.Uses[id] == p && analysisutil.IsString(p.Type()) {
				h = &HTTP{Option: true, MethodParam: i, ReqParam: -1, PathParam: -1, QueryParam: -1}
			}
		}
		return true
	})
	return h
}

// pathVal resolves the URL or path of a request: the constant text found
// in it (concatenations, fmt.Sprintf, url.Parse, JoinPath, locals) and
// the first string parameter it mentions.
func (r *Result) pathVal(sc *Scope, e ast.Expr) hval {
	v := hval{param: -1}
	var parts []string
	seen := 0
	// A parameter is the path only when it is all of it or joined to a
	// base URL (c.URL+endpoint, url.Parse(path)), not an id formatted
	// into a constant path ("repos/%v/issues", "jobs/"+id+"/retry").
	var walk func(e ast.Expr, depth int, whole bool)
	walk = func(e ast.Expr, depth int, whole bool) {
		if e == nil || depth > 5 || seen > 32 {
			return
		}
		seen++
		if tv, ok := sc.info.Types[e]; ok && tv.Value != nil {
			if tv.Value.Kind() == constant.String {
				parts = append(parts, constant.StringVal(tv.Value))
			}
			return
		}
		// A path the engine knows for one string (a constructor's
		// result, a field or option set to a constant, a package
		// variable) is that string; a parameter's is not known here.
		if r.vf != nil && !r.noFlow {
			var ss []string
			var ok bool
			if sc.env != nil {
				ss, ok = r.vf.Eval(e, sc.env).Strings()
			} else {
				ss, ok = r.vf.Strings(e)
			}
			if ok && len(ss) == 1 {
				parts = append(parts, ss[0])
				return
			}
		}
		switch x := ast.Unparen(e).(type) {
		case *ast.BinaryExpr:
			w := whole && !isConstString(sc.info, x.X) && !isConstString(sc.info, x.Y)
			walk(x.X, depth+1, w)
			walk(x.Y, depth+1, w)
		case *ast.CallExpr:
			w := whole
			joins := true // a path helper's arguments are segments: apiPath("api", "sql", id, "query")
			if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok {
				if pkg, isPkg := sc.info.Uses[identOf(sel.X)].(*types.PkgName); !isPkg {
					walk(sel.X, depth+1, whole)
				} else if p := pkg.Imported().Path(); p != "net/url" {
					w = false // fmt.Sprintf, path.Join, strings.Join
					// A helper of another package of the module joins
					// segments too; fmt and strings format their own.
					joins = !isStdPath(p) || p == "path" || p == "path/filepath"
				}
			}
			for i, a := range x.Args {
				n := len(parts)
				walk(a, depth+1, w)
				if joins && i > 0 && n > 0 && len(parts) > n && !strings.HasSuffix(parts[n-1], "/") && !strings.HasPrefix(parts[n], "/") {
					parts[n] = "/" + parts[n]
				}
			}
		case *ast.Ident:
			o, _ := sc.obj(x).(*types.Var)
			if o == nil {
				return
			}
			if i, ok := sc.param(o); ok {
				if v.param < 0 && whole && analysisutil.IsString(o.Type()) {
					v.param = i
				}
				return
			}
			sc.build()
			for _, d := range sc.defs[o] {
				walk(d.rhs, depth+1, whole)
			}
		}
	}
	walk(e, 0, true)
	if len(parts) == 0 && v.param < 0 && r.vf != nil && !r.noFlow {
		// Nothing in the syntax: what the engine finds the value is made
		// of (a path kept in a field of a local struct, an option's).
		val := r.vf.Eval(e, sc.env)
		if site, ok := val.Site.(*ast.CallExpr); ok && site != e && sc.body != nil && site.Pos() >= sc.body.Pos() && site.End() <= sc.body.End() {
			// Made by a call of this body and kept on the way (in a
			// struct's field, an option's): the call's syntax says it,
			// as where it is used directly (c.buildURL(path)).
			walk(site, 1, true)
		}
		if len(parts) == 0 && v.param < 0 {
			parts = valueParts(val, 0, nil)
			if p := wholeParam(val); len(parts) == 0 && p != nil && analysisutil.IsString(sc.info.TypeOf(e)) {
				if o, ok := p.Obj.(*types.Var); ok {
					if i, ok := sc.param(o); ok {
						v.param = i
					}
				}
			}
		}
	}
	v.s = strings.Join(parts, "")
	v.known = v.param < 0 && len(parts) > 0
	return v
}

// wholeParam returns the parameter a path's value is, whole or joined to
// a base URL that is no constant (c.base+path), or nil.
func wholeParam(v *valueflow.Value) *valueflow.Value {
	if v == nil {
		return nil
	}
	switch v.Kind {
	case valueflow.Param:
		return v
	case valueflow.Concat:
		var param *valueflow.Value
		for _, a := range v.Args {
			switch {
			case a == nil:
				return nil
			case a.Kind == valueflow.Const:
				return nil // an id formatted into a constant path
			case a.Kind == valueflow.Param && param == nil:
				param = a
			}
		}
		return param
	}
	return nil
}

// valueParts appends the constant text of a path's value to parts: its
// constants, in order, through concatenations and fmt.Sprintf.
func valueParts(v *valueflow.Value, depth int, parts []string) []string {
	if v == nil || depth > 5 || len(parts) > 32 {
		return parts
	}
	if s, ok := v.String1(); ok {
		return append(parts, s)
	}
	switch v.Kind {
	case valueflow.Concat:
		for _, a := range v.Args {
			parts = valueParts(a, depth+1, parts)
		}
	case valueflow.Call:
		switch fp := funcPath(v.Obj); fp {
		case "fmt.Sprintf":
			for _, a := range v.Args {
				parts = valueParts(a, depth+1, parts)
			}
		case "strings.Join", "path.Join":
			// The segments a helper joins, each once: the engine keeps
			// a slice's elements, not their order.
			var elems []*valueflow.Value
			if len(v.Args) > 0 && v.Args[0] != nil && v.Args[0].Kind == valueflow.Slice && v.Args[0].Elems != nil {
				elems = v.Args[0].Elems.Each()
			}
			if fp == "path.Join" {
				elems = v.Args
			}
			for _, a := range elems {
				if s, ok := a.String1(); ok {
					parts = append(parts, "/"+s)
				}
			}
		}
	}
	return parts
}

func isConstString(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.String
}

func identOf(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}

// graphQLDoc finds, for a request to a GraphQL endpoint, the document the
// function puts in the body: the value of a "query" key or Query field.
// An endpoint whose path does not say so is known by its body (bodyDoc).
func (r *Result) graphQLDoc(sc *Scope, path hval) hval {
	if !strings.Contains(strings.ToLower(path.s), "graphql") || sc.body == nil {
		return unknownVal
	}
	doc := unknownVal
	analysisutil.Inspect(sc.body, func(n ast.Node) bool {
		kv, ok := n.(*ast.KeyValueExpr)
		if !ok || doc.known || doc.param >= 0 {
			return !ok
		}
		name := ""
		if k, ok := kv.Key.(*ast.Ident); ok && isFieldName(sc.info, k) {
			name = k.Name // a struct's field
		} else if s, ok := sc.stringOf(kv.Key); ok {
			name = s
		} else if r.vf != nil && !r.noFlow {
			// A key the engine knows (a constant kept in a local or a
			// field).
			if ss, ok := r.vf.Strings(kv.Key); ok && len(ss) == 1 {
				name = ss[0]
			}
		}
		if strings.EqualFold(name, "query") {
			doc = r.queryVal(sc, kv.Value, "")
		}
		return true
	})
	if doc.known || doc.param >= 0 || r.vf == nil || r.noFlow {
		return doc
	}
	// A body made elsewhere (a constructor's map, a struct a helper
	// fills): the engine's value of each map or struct argument.
	analysisutil.Inspect(sc.body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || doc.known || doc.param >= 0 {
			return !doc.known && doc.param < 0
		}
		for _, a := range call.Args {
			t := sc.info.TypeOf(a)
			if t == nil {
				continue
			}
			if p, ok := t.Underlying().(*types.Pointer); ok {
				t = p.Elem()
			}
			switch t.Underlying().(type) {
			case *types.Map, *types.Struct:
			default:
				continue
			}
			for _, v := range r.vf.Eval(a, sc.env).Each() {
				if m, ok := queryMember(v); ok {
					doc = r.opOf(sc, m)
					return false
				}
			}
		}
		return true
	})
	return doc
}

// isFieldName reports whether id, the key of a composite literal's
// element, names a struct field (rather than a map key's variable).
func isFieldName(info *types.Info, id *ast.Ident) bool {
	v, ok := info.Uses[id].(*types.Var)
	return ok && v.IsField() || info.Uses[id] == nil && info.Defs[id] == nil
}

// reqOf resolves the *http.Request expression e: the request parameter
// of the enclosing function, or a local built by a request builder or
// literal, with req.Method assignments.
// maxReqDepth bounds the steps reqOf takes from a send to the request's
// construction: a local, a wrapper (retryablehttp.FromRequest,
// WithContext), another local, a builder.
const maxReqDepth = 6

func (r *Result) reqOf(sc *Scope, e ast.Expr, depth int) hreq {
	req := unknownReq()
	if e == nil || depth > maxReqDepth {
		return req
	}
	e = ast.Unparen(r.vf.Inlined(e)) // what a literal run in place returns
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	switch x := e.(type) {
	case *ast.Ident:
		v, _ := sc.obj(x).(*types.Var)
		if v == nil {
			return req
		}
		sc.build()
		if m, ok := sc.methodAssign[v]; ok {
			req.method = r.methodVal(sc, m)
			req.method.from = sc.fname
			return req
		}
		var defs []def
		for _, d := range sc.defs[v] {
			if !r.sameReq(sc, d.rhs, v) { // req = req.WithContext(ctx)
				defs = append(defs, d)
			}
		}
		if i, ok := sc.param(v); ok && len(defs) == 0 {
			req.reqParam = i
			return req
		}
		found := false
		for _, d := range defs {
			rhs := d.rhs
			if d.idx > 0 {
				return unknownReq()
			}
			q := r.reqOf(sc, rhs, depth+1)
			if found && (q.method != req.method || q.reqParam != req.reqParam) {
				return unknownReq()
			}
			req, found = q, true
		}
		return req
	case *ast.CallExpr:
		fn, _ := typeutil.Callee(sc.info, x).(*types.Func)
		if fn == nil {
			return req
		}
		fn = fn.Origin()
		if fn.Pkg() != nil && fn.Pkg().Path() == "net/http" && (fn.Name() == "WithContext" || fn.Name() == "Clone") {
			if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok {
				return r.reqOf(sc, sel.X, depth+1)
			}
		}
		q, kind := r.httpCall(sc, x, fn, depth+1)
		if kind == buildsHTTP {
			return q
		}
	}
	return req
}

// sameReq reports whether e is v.WithContext(...), v.Clone(...) or a
// call that returns its request argument v (sign(v)).
func (r *Result) sameReq(sc *Scope, e ast.Expr, v *types.Var) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	if fn, ok := typeutil.Callee(sc.info, call).(*types.Func); ok {
		if h := r.http[fn.Origin()]; h != nil && h.Builds && h.ReqParam >= 0 {
			id := identOf(argAt(call, h.ReqParam))
			return id != nil && sc.obj(id) == v
		}
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || (sel.Sel.Name != "WithContext" && sel.Sel.Name != "Clone") {
		return false
	}
	id := identOf(sel.X)
	return id != nil && sc.obj(id) == v
}

// httpOn reports whether the package can send HTTP requests: it imports
// net/http, a known HTTP library, a package whose functions carry HTTP
// facts, or a client of senders.
func (r *Result) httpOn(imports []*types.Package) bool {
	for _, p := range imports {
		if httpPkgs[p.Path()] || r.httpFactPkgs[p] || senderPkgs[p.Path()] {
			return true
		}
	}
	return false
}

// computeHTTP computes the HTTP facts of the package's functions: a
// fixpoint over same-package calls, since a service method, its builder
// and its send function are usually side by side.
func (r *Result) computeHTTP(info *types.Info, funcs []*funcInfo, export func(types.Object, *HTTP)) {
	type fnHTTP struct {
		fi     *funcInfo
		sc     *Scope
		calls  []*ast.CallExpr
		rets   []*ast.ReturnStmt
		reqRes bool // returns an *http.Request first
		refine bool // a path was looked for by the engine (once)
	}
	var cands []*fnHTTP
	methods := make(map[string]bool)
	viaParam := false
	for _, fi := range funcs {
		fn, ok := fi.obj.(*types.Func)
		if !ok {
			continue
		}
		sig := fn.Type().(*types.Signature)
		if h := optionFact(info, fi, sig); h != nil {
			r.http[fn] = h
			r.httpFactPkgs[fn.Pkg()] = true
			export(fn, h)
			continue
		}
		c := &fnHTTP{fi: fi, sc: funcScope(info, fi)}
		c.reqRes = sig.Results().Len() > 0 && isRequestType(sig.Results().At(0).Type())
		var handed map[*ast.FuncLit]bool // made on the first closure argument: most functions have none
		var called map[*types.Var]bool   // the locals the body calls, on its first closure
		hand := func(e ast.Expr) {
			if lit, ok := ast.Unparen(e).(*ast.FuncLit); ok && lit.Type.Params.NumFields() == 0 {
				if handed == nil {
					handed = make(map[*ast.FuncLit]bool)
				}
				handed[lit] = true
			}
		}
		analysisutil.Inspect(fi.body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				// A closure handed to a callee that runs it (a rate
				// limiter, a retry helper), or that the function runs
				// itself (func() error { ... }(), send := func() {...};
				// send()), or a local holding it that the function
				// hands on (backoff.Retry(op, b)), sends what the
				// function built: its calls
				// are the function's. Any other closure's parameters
				// are not the function's.
				return handed[n]
			case *ast.CallExpr:
				for _, a := range n.Args {
					hand(a)
				}
				hand(n.Fun)
			case *ast.AssignStmt:
				if len(n.Lhs) == len(n.Rhs) {
					for i, rhs := range n.Rhs {
						if _, ok := ast.Unparen(rhs).(*ast.FuncLit); !ok {
							continue
						}
						if called == nil {
							called = calledLocals(info, fi.body)
						}
						if v, ok := c.sc.obj(identOf(n.Lhs[i])).(*types.Var); ok && called[v] {
							hand(rhs)
						}
					}
				}
			}
			switch n := n.(type) {
			case *ast.ReturnStmt:
				if c.reqRes && len(n.Results) > 0 {
					c.rets = append(c.rets, n)
				}
			case *ast.CallExpr:
				switch f := typeutil.Callee(c.sc.info, n).(type) {
				case *types.Func:
					f = f.Origin()
					if f.Pkg() != nil && (httpPkgs[f.Pkg().Path()] || r.httpOf(f) != nil || f.Pkg() == fn.Pkg() || isDoer(f) || shapeHTTP(f) != nil) {
						c.calls = append(c.calls, n)
						r.countMethods(c.sc, n, f, methods, &viaParam)
					}
				case *types.Var:
					// f(req), f a local holding the client's Do (or a
					// test's hook): inferHTTP resolves it (callValue).
					if d := r.callValue(c.sc, n, f); d != nil && isDoer(d) {
						c.calls = append(c.calls, n)
						r.countMethods(c.sc, n, d, methods, &viaParam)
					}
				}
			case *ast.CompositeLit:
				if !r.jsonRPC && envelopeLit(c.sc, n) {
					r.jsonRPC = true
				}
				if !r.graphQL && r.graphQLLit(c.sc, n) {
					r.graphQL = true
				}
				for _, el := range n.Elts {
					if kv, ok := el.(*ast.KeyValueExpr); ok {
						if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Method" {
							if s, ok := c.sc.stringOf(kv.Value); ok {
								methods[strings.ToUpper(s)] = true
							}
						}
					}
				}
			}
			return true
		})
		if len(c.calls) > 0 {
			cands = append(cands, c)
		}
	}
	// A client whose every request is a hard-coded POST uses POST as its
	// transport (JSON-RPC, GraphQL, Kiali's API): the method says nothing
	// about the operation.
	r.rpcPkg = len(methods) == 1 && methods["POST"] && !viaParam

	// The shapes first, to their fixpoint; then the engine, for what
	// they leave unknown (flow.go): a fact is not revised once made, and
	// the engine's would otherwise come first where a builder's fact is
	// not made yet, without the path the shapes find.
	for _, noFlow := range []bool{true, false} {
		r.noFlow = noFlow
		for round := 0; round < 8; round++ {
			changed := false
			for _, c := range cands {
				obj := c.fi.obj.(*types.Func)
				if old := r.http[obj]; old != nil && !old.Read {
					// A fact the shapes made is final, but for the path
					// the engine finds where they found none (a path
					// kept in a field of a local struct).
					if !noFlow && !c.refine && old.PathParam < 0 && old.Path == "" {
						c.refine = true
						if h := r.inferHTTP(c.sc, c.calls, c.rets); h != nil && refinesPath(old, h) {
							r.http[obj] = h
							changed = true
						}
					}
					continue
				}
				if h := r.inferHTTP(c.sc, c.calls, c.rets); h != nil {
					if old := r.http[obj]; old == nil || *old != *h {
						r.http[obj] = h
						r.httpFactPkgs[obj.Pkg()] = true // httpOf looks at its interfaces
						changed = true
					}
				}
			}
			if !changed {
				break
			}
		}
	}
	for _, c := range cands {
		obj := c.fi.obj.(*types.Func)
		if h := r.http[obj]; h != nil {
			export(obj, h)
		}
	}
}

// calledLocals returns the local variables that body calls (send()) or
// hands to a callee (op := func() error { ... }; backoff.Retry(op, b)),
// as a closure written at the call is handed to it.
func calledLocals(info *types.Info, body ast.Node) map[*types.Var]bool {
	out := make(map[*types.Var]bool)
	analysisutil.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			for _, e := range append([]ast.Expr{call.Fun}, call.Args...) {
				if id, ok := ast.Unparen(e).(*ast.Ident); ok {
					if v, ok := info.Uses[id].(*types.Var); ok {
						out[v] = true
					}
				}
			}
		}
		return true
	})
	return out
}

// refinesPath reports whether fact h is fact old with a path it did not
// have (and the GraphQL document the path lets it find).
func refinesPath(old, h *HTTP) bool {
	if h.PathParam < 0 && h.Path == "" {
		return false
	}
	x := *old
	x.PathParam, x.Path = h.PathParam, h.Path
	if x.QueryParam < 0 {
		x.QueryParam, x.QueryField = h.QueryParam, h.QueryField
	}
	return x == *h
}

// countMethods records the constant methods the package's requests use.
func (r *Result) countMethods(sc *Scope, call *ast.CallExpr, fn *types.Func, methods map[string]bool, viaParam *bool) {
	if h := r.httpOf(fn); h != nil && (h.MethodRecv || h.MethodParam >= 0) {
		if v := r.methodArg(sc, call, h); v.known {
			methods[strings.ToUpper(v.s)] = true
			*viaParam = true
		}
		return
	}
	if fn.Pkg() == nil || !httpPkgs[fn.Pkg().Path()] {
		return
	}
	switch recvName(fn) + "." + fn.Name() {
	case ".NewRequest":
		r.methodStrings(sc, argAt(call, 0), methods)
	case ".NewRequestWithContext":
		r.methodStrings(sc, argAt(call, 1), methods)
	case ".Get", "Client.Get", "Request.Get":
		methods["GET"] = true
	case ".Post", "Client.Post", ".PostForm", "Client.PostForm", "Request.Post":
		methods["POST"] = true
	case "Request.Put", "Request.Patch", "Request.Delete", "Request.Head", "Request.Options":
		methods[strings.ToUpper(fn.Name())] = true
	}
}

// methodStrings records the constant methods e can hold: by the syntax,
// or where it stops (a method a helper returns, a field) by the engine.
func (r *Result) methodStrings(sc *Scope, e ast.Expr, methods map[string]bool) {
	if e == nil {
		return
	}
	if s, ok := sc.stringOf(e); ok {
		methods[strings.ToUpper(s)] = true
		return
	}
	if ss, ok := r.vf.Strings(e); ok {
		for _, s := range ss {
			methods[strings.ToUpper(s)] = true
		}
	}
}

func argAt(call *ast.CallExpr, i int) ast.Expr {
	if i >= 0 && i < len(call.Args) {
		return call.Args[i]
	}
	return nil
}

// inferHTTP computes the HTTP fact of one function from its calls and
// returns, or nil.
func (r *Result) inferHTTP(sc *Scope, calls []*ast.CallExpr, rets []*ast.ReturnStmt) *HTTP {
	var best *HTTP
	reads, others := 0, 0
	for _, call := range calls {
		obj := typeutil.Callee(sc.info, call)
		if v, ok := obj.(*types.Var); ok {
			if fn := r.callValue(sc, call, v); fn != nil {
				obj = fn
			}
		}
		fn, _ := obj.(*types.Func)
		if fn == nil {
			continue
		}
		fn = fn.Origin()
		req, kind := r.httpCall(sc, call, fn, 0)
		if kind != sendsHTTP {
			continue
		}
		h := paramFact(req, false)
		if h == nil {
			if req.method.known {
				if e := r.classifyHTTP(sc, req); e == nil || e.Soft() {
					reads++
				} else {
					others++
				}
			} else {
				others++
			}
			continue
		}
		if best == nil {
			best = h
		}
	}
	for _, ret := range rets {
		req := r.reqAt(sc, ret.Results[0], 0)
		if h := paramFact(req, true); h != nil && best == nil {
			best = h
		} else if h == nil && req.method.known && best == nil {
			best = &HTTP{Builds: true, Method: strings.ToUpper(req.method.s), MethodParam: -1, ReqParam: -1,
				PathParam: -1, Path: req.path.s, QueryParam: -1, RPC: req.rpc, From: req.method.from}
		}
	}
	if best == nil && reads > 0 && others == 0 {
		return &HTTP{Read: true, MethodParam: -1, ReqParam: -1, PathParam: -1, QueryParam: -1}
	}
	return best
}

// paramFact returns the fact of a function whose request's method, path
// or GraphQL document is one of its parameters, or nil.
func paramFact(req hreq, builds bool) *HTTP {
	h := &HTTP{Builds: builds, MethodParam: -1, ReqParam: -1, PathParam: req.path.param, Path: req.path.s,
		QueryParam: req.query.param, Sink: req.sink}
	if builds {
		h.Sink = ""
	}
	switch {
	case req.method.opts > 0:
		h.OptsArg = req.method.opts
	case req.reqParam >= 0:
		h.ReqParam, h.ReqField, h.ReqBuilt = req.reqParam, req.reqField, req.reqBuilt
		h.PathParam, h.Path, h.QueryParam = -1, "", -1
	case req.method.param >= 0 || req.method.recv:
		h.MethodParam, h.MethodField, h.MethodRecv, h.MethodCall = req.method.param, req.method.field, req.method.recv, req.method.call
	case req.method.known && strings.EqualFold(req.method.s, "POST") && (req.path.param >= 0 || req.query.param >= 0 || req.body > 0):
		// Only a POST's path, document or body (a JSON-RPC
		// operation) can make it a read.
		h.Method, h.RPC, h.From, h.BodyParam = strings.ToUpper(req.method.s), req.rpc, req.method.from, req.body
	case req.method.known && strings.EqualFold(req.method.s, "PUT") && req.path.param >= 0:
		// A PUT's path can make it an action (actionPath).
		h.Method, h.From = "PUT", req.method.from
	case req.method.known && strings.EqualFold(req.method.s, "GET") && req.path.param >= 0:
		// So can a GET's (getActionPath).
		h.Method, h.From = "GET", req.method.from
	default:
		return nil
	}
	return h
}

// funcScope returns the scope of a declared function, which knows its
// parameters (param) and name.
func funcScope(info *types.Info, fi *funcInfo) *Scope {
	sc := new(Scope)
	sc.initFunc(info, fi)
	return sc
}

// initFunc makes sc the scope of fi's body.
func (sc *Scope) initFunc(info *types.Info, fi *funcInfo) {
	*sc = Scope{info: info, body: fi.body, fname: opName(fi.obj)}
	if fn, ok := fi.obj.(*types.Func); ok {
		sc.sig, sc.fn = fn.Type().(*types.Signature), fn
	}
}

// param returns the index of v among the declared function's parameters.
func (sc *Scope) param(v *types.Var) (int, bool) {
	if sc.sig == nil {
		return 0, false
	}
	params := sc.sig.Params()
	for i := 0; i < params.Len(); i++ {
		if params.At(i) == v {
			return i, true
		}
	}
	return 0, false
}

// ---- attribution ----

// significance ranks effect kinds by how much they matter when a path has
// several: a remote mutation or HTTP request first, then a data-store
// write, a message, a process run, a file write.
func significance(kind string) int {
	switch kind {
	case kindRemote, kindHTTP, kindGitHub, kindK8s, kindUser:
		return 0
	case kindSQL, kindMongo, kindRedis, kindMailbox, kindRemFile, kindGit, kindMail:
		// An email sent matters as a row written does: before the copy
		// a client appends to its Sent mailbox after it, by position.
		return 1
	case kindPublish:
		return 2
	case kindExec, kindDebug:
		return 3
	case kindFile:
		return 4
	case kindReadPOST:
		return 6
	case kindPending:
		return 7
	}
	return 5
}

// MoreSignificant reports whether effect a matters more than b (nil
// matters least): one that is not idempotent by nature beats one that is,
// then the kind decides (significance). Ties keep b, the earlier.
func MoreSignificant(a, b *Effect) bool {
	if b == nil {
		return a != nil
	}
	if a == nil {
		return false
	}
	if a.Soft() != b.Soft() {
		return b.Soft() // any effect beats a POST read by design
	}
	if a.Idempotent != b.Idempotent {
		return !a.Idempotent
	}
	return significance(a.Kind) < significance(b.Kind)
}

// topEffect reports whether no effect can matter more than e.
func topEffect(e *Effect) bool {
	return e != nil && !e.Idempotent && significance(e.Kind) == 0
}

// fnOf returns obj as a function (its origin), or nil.
func fnOf(obj types.Object) *types.Func {
	if fn, ok := obj.(*types.Func); ok {
		return fn.Origin()
	}
	return nil
}
