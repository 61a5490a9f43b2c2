package effects

import (
	"go/ast"
	"go/types"
	"reflect"
	"strconv"
	"strings"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
)

// A JSON-RPC client POSTs every call to one endpoint: the HTTP method
// says nothing, the envelope's "method" names the operation (Zabbix's
// "user.create", "host.get"). rpcOp finds that name in the function that
// builds the POST: a constant, or a string parameter that each call site
// gives (Effect.Op, judged by opCall). An operation is judged by its
// verb (opWord): a read, a mutation verb, or neither (as before: an
// RPC-style POST, no evidence either way).

// rpcOp returns the remote operation that the envelope sc's function
// builds names: the value of the "method" member of a literal that also
// has a "jsonrpc" member (a struct by its fields' JSON names, or a map
// by its constant keys).
func (r *Result) rpcOp(sc *Scope) hval {
	if sc.body == nil {
		return unknownVal
	}
	op := unknownVal
	analysisutil.Inspect(sc.body, func(n ast.Node) bool {
		lit, ok := n.(*ast.CompositeLit)
		if !ok || op.known || op.param >= 0 {
			return !op.known && op.param < 0
		}
		var method ast.Expr
		rpc := false
		for _, el := range lit.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			switch envelopeKey(sc, lit, kv.Key) {
			case "jsonrpc":
				rpc = true
			case "method":
				method = kv.Value
			}
		}
		if rpc && method != nil {
			op = r.opVal(sc, method)
		}
		return true
	})
	return op
}

// envelopeKey returns the JSON name of key in lit: a map's constant key,
// a struct field's json tag name or, untagged, its name in lower case.
func envelopeKey(sc *Scope, lit *ast.CompositeLit, key ast.Expr) string {
	t := sc.info.TypeOf(lit)
	if t == nil {
		return ""
	}
	switch u := t.Underlying().(type) {
	case *types.Map:
		s, _ := sc.stringOf(key)
		return s
	case *types.Struct:
		id, ok := key.(*ast.Ident)
		if !ok {
			return ""
		}
		for i := 0; i < u.NumFields(); i++ {
			if u.Field(i).Name() != id.Name {
				continue
			}
			if name, _, _ := strings.Cut(reflect.StructTag(u.Tag(i)).Get("json"), ","); name != "" {
				return name
			}
			return strings.ToLower(id.Name)
		}
	}
	return ""
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
	val := r.vf.Eval(e, nil)
	if s, ok := val.String1(); ok {
		return hval{s: s, known: true, param: -1}
	}
	if p := sc.paramField(val); p.param >= 0 && p.field == "" {
		return p
	}
	return unknownVal
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
