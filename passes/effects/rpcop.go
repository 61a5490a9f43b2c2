package effects

import (
	"go/ast"
	"go/types"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/mcpvet/mcpvet/passes/valueflow"
)

// A JSON-RPC client POSTs every call to one endpoint: the HTTP method
// says nothing, the envelope's "method" names the operation (Zabbix's
// "user.create", "host.get"). bodyOp follows the POST's body to that
// name with the value-flow engine: through bytes.NewReader and
// json.Marshal to a struct with "jsonrpc" and "method" fields (by their
// JSON names) or a map literal with those keys, made where the request
// is or in a constructor. The name is a constant, or a string parameter
// each call site gives (Effect.Op, judged by opCall); a body that is a
// parameter of the function building the request is its caller's to
// follow (HTTP.BodyParam). An operation is judged by its verb (opWord):
// a read, a mutation verb, or neither (as before: an RPC-style POST, no
// evidence either way).

// bodyOp returns the remote operation the body e of a POST names, and
// 1 + the index of the parameter that is the body (0: none).
func (r *Result) bodyOp(sc *Scope, e ast.Expr) (hval, int) {
	if e == nil || r.vf == nil || !r.rpcPkg || !r.jsonRPC {
		return unknownVal, 0
	}
	return r.opIn(sc, r.vf.Eval(e, nil), envelopeMethod, 0)
}

// bodyDoc is bodyOp for a GraphQL request to an endpoint whose path does
// not say so: the document is the "query" member of a body that has
// "variables" or "operationName" too (graphQLMember), followed the same
// way, in a package that makes such a body (Result.graphQL).
func (r *Result) bodyDoc(sc *Scope, e ast.Expr) (hval, int) {
	if e == nil || r.vf == nil || !r.rpcPkg || !r.graphQL {
		return unknownVal, 0
	}
	return r.opIn(sc, r.vf.Eval(e, nil), graphQLMember, 0)
}

// followBody sets what the body e of a POST says: its JSON-RPC operation
// (bodyOp), its GraphQL document where the path and the syntax left it
// unknown (bodyDoc), and the parameter that is the body, for callers to
// follow (HTTP.BodyParam).
func (r *Result) followBody(sc *Scope, req *hreq, e ast.Expr) {
	req.op, req.body = r.bodyOp(sc, e)
	if req.query.known || req.query.param >= 0 {
		return
	}
	if doc, body := r.bodyDoc(sc, e); doc.known || doc.param >= 0 {
		req.query = doc
	} else if req.body == 0 {
		req.body = body
	}
}

// bodyWrappers are the functions a body passes through unchanged in
// what it says: readers over it, its JSON encoding.
var bodyWrappers = map[string]bool{
	"bytes.NewReader": true, "bytes.NewBuffer": true, "bytes.NewBufferString": true,
	"strings.NewReader": true, "encoding/json.Marshal": true, "encoding/json.MarshalIndent": true,
}

func (r *Result) opIn(sc *Scope, v *valueflow.Value, member func(*valueflow.Value) (*valueflow.Value, bool), depth int) (hval, int) {
	if depth > 4 {
		return unknownVal, 0
	}
	for _, a := range v.Each() {
		switch a.Kind {
		case valueflow.Call:
			fn, _ := a.Obj.(*types.Func)
			if fn == nil || !bodyWrappers[fn.FullName()] || len(a.Args) == 0 {
				continue
			}
			if op, body := r.opIn(sc, a.Args[0], member, depth+1); op.known || op.param >= 0 || body > 0 {
				return op, body
			}
		case valueflow.Param:
			if p := sc.paramField(a); p.param >= 0 && p.field == "" {
				return unknownVal, p.param + 1
			}
		case valueflow.Struct, valueflow.Slice:
			if m, ok := member(a); ok {
				return r.opOf(sc, m), 0
			}
		}
	}
	return unknownVal, 0
}

// envelopeMethod returns the value of the "method" member of a JSON-RPC
// envelope: a struct whose type has "jsonrpc" and "method" fields (JSON
// names), or a map literal with both keys.
func envelopeMethod(v *valueflow.Value) (*valueflow.Value, bool) {
	return bodyMember(v, "method", "jsonrpc")
}

// graphQLMember returns the value of the "query" member of a GraphQL
// request's body: a struct whose type has "query" and "variables" or
// "operationName" fields (JSON names), or a map literal with those keys.
func graphQLMember(v *valueflow.Value) (*valueflow.Value, bool) {
	return bodyMember(v, "query", "variables", "operationName")
}

// queryMember returns the value of the "query" member of a body sent to
// a GraphQL endpoint: a map's "query" key, or a struct's field whose JSON
// name is query.
func queryMember(v *valueflow.Value) (*valueflow.Value, bool) {
	return bodyMember(v, "query")
}

// bodyMember returns the value of the member named member of a request
// body v, a map literal's key or a struct's field by its JSON name, when
// the body also has one of the members markers (any body when there are
// none).
func bodyMember(v *valueflow.Value, member string, markers ...string) (*valueflow.Value, bool) {
	marked := len(markers) == 0
	if v.Kind == valueflow.Slice {
		var m *valueflow.Value
		for i, k := range v.Keys {
			switch {
			case slices.Contains(markers, k):
				marked = true
			case k == member && i < len(v.Entry):
				m = v.Entry[i]
			}
		}
		return m, marked && m != nil
	}
	if v.Type == nil {
		return nil, false
	}
	st, ok := v.Type.Underlying().(*types.Struct)
	if !ok {
		return nil, false
	}
	field := ""
	for i := 0; i < st.NumFields(); i++ {
		switch name := jsonFieldName(st, i); {
		case slices.Contains(markers, name):
			marked = true
		case name == member:
			field = st.Field(i).Name()
		}
	}
	if !marked || field == "" {
		return nil, false
	}
	for _, f := range v.Fields {
		if f.Name == field {
			return f.Value, f.Value != nil
		}
	}
	return nil, false
}

// opOf turns the engine's value of an operation's name into an hval: a
// constant, or a string parameter of the enclosing function.
func (r *Result) opOf(sc *Scope, v *valueflow.Value) hval {
	if s, ok := v.String1(); ok {
		return hval{s: s, known: true, param: -1}
	}
	if p := sc.paramField(v); p.param >= 0 && p.field == "" {
		return p
	}
	return unknownVal
}

// opVal resolves the string an envelope's method holds: a constant (the
// engine's too), or a parameter of the enclosing function.
func (r *Result) opVal(sc *Scope, e ast.Expr) hval {
	v := r.strVal(sc, e)
	if v.known || v.param >= 0 || r.noFlow {
		if v.opts > 0 {
			return unknownVal
		}
		return v
	}
	return r.opOf(sc, r.vf.Eval(e, nil))
}

// opWord returns the verb of a remote operation's name, capitalized:
// the word after its last "." or "/" ("user.create" → Create,
// "Filecoin.ChainHead" → Chain), "" when there is none.
func opWord(op string) string {
	if i := strings.LastIndexAny(op, "./"); i >= 0 {
		op = op[i+1:]
	}
	if op == "" || strings.ContainsAny(op, " \t") {
		return ""
	}
	return leadWord(op)
}

// opReads are the verbs of operations that exchange credentials or
// report on the server: a repeat changes nothing (Zabbix's user.login,
// apiinfo.version).
var opReads = words("Login", "Logout", "Authenticate", "Version", "Ping", "Status", "Check")

// classifyOp judges a POST by the remote operation it names: nil for a
// read; an effect (a mutation, idempotent when the verb sets a state,
// updates or deletes) for a mutation verb; ok false when the verb says
// neither.
func classifyOp(op string, e *Effect) (res *Effect, ok bool) {
	w := opWord(op)
	switch {
	case w == "":
		return nil, false
	case readWords[w] || opReads[w] || DryRunName(w):
		return nil, true
	case remoteVerbs[w] && !transportVerbs[w] || stateVerbs[w]:
		c := *e
		c.Mutation = true
		c.Idempotent = remoteIdem[w] || stateVerbs[w] || convergeVerbs[w]
		c.Op = 0
		return &c, true
	}
	return nil, false
}

// opCall judges a call of a function whose POST runs the remote
// operation its parameter e.Op names: by the name this call gives.
func (r *Result) opCall(sc *Scope, call *ast.CallExpr, fn types.Object, e *Effect) *Effect {
	plain := &Effect{Sink: e.Sink, Kind: e.Kind, Via: qualifiedName(fn), Trail: e.Trail, Method: e.Method, RPC: e.RPC}
	if e.Op-1 >= len(call.Args) {
		return plain
	}
	v := r.opVal(sc, call.Args[e.Op-1])
	if e.Kind == kindCOM {
		// A COM method is an effect only by its name (comMethods).
		switch {
		case v.known:
			idem, write := comMethods[v.s]
			if !write {
				return nil
			}
			plain.Idempotent = idem
			return plain
		case v.param >= 0:
			plain.Op = v.param + 1
			return plain
		}
		return nil
	}
	switch {
	case v.known:
		if c, ok := classifyOp(v.s, plain); ok {
			return c
		}
	case v.param >= 0:
		plain.Op = v.param + 1
	}
	return plain
}

func opString(e *Effect) string { return "[rpc op $" + strconv.Itoa(e.Op) + "]" }

// jsonFieldName returns the name encoding/json gives field i of st.
func jsonFieldName(st *types.Struct, i int) string {
	if name, _, _ := strings.Cut(reflect.StructTag(st.Tag(i)).Get("json"), ","); name != "" {
		return name
	}
	return strings.ToLower(st.Field(i).Name())
}

// graphQLLit reports whether a composite literal makes a GraphQL
// request's body: a map with the keys "query" and "variables" or
// "operationName" (constants, or strings the engine knows), or a struct
// with those fields (JSON names). A package that makes one speaks
// GraphQL (Result.graphQL), and its POST bodies are followed (bodyDoc).
func (r *Result) graphQLLit(sc *Scope, lit *ast.CompositeLit) bool {
	t := sc.info.TypeOf(lit)
	if t == nil {
		return false
	}
	query, gql := false, false
	note := func(name string) {
		switch name {
		case "query":
			query = true
		case "variables", "operationName":
			gql = true
		}
	}
	switch u := t.Underlying().(type) {
	case *types.Map:
		if len(lit.Elts) < 2 {
			return false
		}
		for _, el := range lit.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			if k, ok := sc.stringOf(kv.Key); ok {
				note(k)
			} else if r.vf != nil {
				if ss, ok := r.vf.Strings(kv.Key); ok && len(ss) == 1 {
					note(ss[0])
				}
			}
		}
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			note(jsonFieldName(u, i))
		}
	}
	return query && gql
}

// envelopeLit reports whether a composite literal makes a JSON-RPC
// envelope: a struct with a "jsonrpc" field, or a map with that key. A
// package that makes one speaks JSON-RPC (Result.jsonRPC), and its POST
// bodies are followed (bodyOp).
func envelopeLit(sc *Scope, lit *ast.CompositeLit) bool {
	t := sc.info.TypeOf(lit)
	if t == nil {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Map:
		for _, el := range lit.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				if k, ok := sc.stringOf(kv.Key); ok && k == "jsonrpc" {
					return true
				}
			}
		}
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if jsonFieldName(u, i) == "jsonrpc" {
				return true
			}
		}
	}
	return false
}
