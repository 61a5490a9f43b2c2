package valueflow

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"hash"
	"hash/fnv"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// Kind is the kind of an abstract Value.
type Kind uint8

const (
	// Unknown: the engine could not follow the value. Checks stay
	// silent on it. Obj, when set, is the local variable whose address
	// the value is (&args, where args holds nothing the engine follows):
	// see Addressed.
	Unknown Kind = iota
	// Const: a constant (string, bool, int, float).
	Const
	// Nil: the nil pointer, map, slice, func or interface.
	Nil
	// Param: parameter Index of the function being summarized (-1: its
	// receiver). It appears in summaries and is replaced by the
	// argument at each call site.
	Param
	// Struct: a value of the struct type Type (or a pointer to one),
	// with the fields its construction set; an unset field is the zero
	// value.
	Struct
	// Slice: a slice, array or map whose elements are Elems (a union);
	// Keys holds the constant keys of a map literal, index for index
	// with Entries.
	Slice
	// Func: the declared function or method Obj; Recv is the receiver
	// of a method value.
	Func
	// Closure: the function literal Lit of this package, or, in a fact,
	// the Ordinal-th literal of the function Obj of another package.
	Closure
	// Call: the result Index of a call of Obj (a function the engine
	// does not summarize: the standard library, an SDK), with Recv and
	// Args evaluated. Consumers interpret the calls they know
	// (mcp.NewTool, http.NewRequest).
	Call
	// Field: field Name of X, where X is symbolic (a parameter, an
	// opaque call).
	Field
	// Elem: an element of X, where X is symbolic.
	Elem
	// Method: the result Index of a call of method Name on X, whose
	// dynamic type is not known where the summary is made (an interface
	// value, a parameter); resolved when X is.
	Method
	// OneOf: any of Alts.
	OneOf
	// Concat: the string Args[0] + Args[1] + ..., where some operand is
	// not a constant (a parameter, a field of a listed tool): prefix +
	// tool.Name. It folds into constants once its operands are.
	Concat
)

// A Value is what an expression can hold, as far as the engine can tell:
// constants, structs with their fields, functions, and where a value
// comes from when it is not known here (a parameter, a call's result).
// Values are immutable once built; share them freely.
type Value struct {
	Kind  Kind
	Const constant.Value // Const
	Index int            // Param: the parameter (-1: receiver); Call, Method: the result; Closure in a fact, anchored: 1 + its inline summary in Obj's (Summary.inl), 0: none
	Name  string         // Field: the field; Method: the method; Closure: the unexported function of Obj's package whose literal it is (anchored, facts.go)
	Type  types.Type     // Struct: the struct type (named, not a pointer)
	// Fields of a Struct, sorted by name; of a Call, the fields the
	// package stores into its result (Stored).
	Fields []FieldValue
	// Sets are functions applied to a Struct (or a Call's result) (given its address as
	// their first argument: functional options) that the engine could
	// not resolve where the struct was made: a parameter's elements.
	// They are applied when a call site binds them.
	Sets  []*Value
	Elems *Value       // Slice: the elements
	Keys  []string     // Slice: the constant keys of a map literal
	Entry []*Value     // Slice: the value of each key in Keys
	Obj   types.Object // Func, Call, Closure (in a fact: the enclosing function); Unknown, Struct: see Addressed
	Lit   *ast.FuncLit // Closure, in this package
	Env   *Env         // Closure: the bindings it captured
	Recv  *Value       // Func: bound receiver; Call: receiver
	Args  []*Value     // Call, Method: the arguments
	X     *Value       // Field, Elem, Method: the base
	Alts  []*Value     // Union
	Ord   int          // Closure in a fact: the ordinal of the literal in Obj
	// Node is the syntax that built a Struct or Slice (its composite
	// literal) or a Call, in this package: an instance of a table of
	// tools is registered at its element.
	Node ast.Node
	// Site is, for a Call, the call of this package whose evaluation
	// made the value: the call of the helper (in the function the value
	// is asked in) whose result or store it came out of, through any
	// number of helpers (newHolder() returning &holder{v: newKey()},
	// newKey returning uuid.NewString()); nil when it is Node itself. A
	// value read from a variable keeps the Site of the call that made
	// it, wherever that was: a key made once, before a loop, and read in
	// it, is made by a call outside the loop. See MadeBy.
	Site ast.Node
	// made: a Call that a call inside the function summarized made,
	// where that call has no syntax here (a summary imported from a
	// fact, a method resolved through an interface): it is made by the
	// call of the summarized function, Site once substituted.
	made bool
	Why  string // Unknown: why, for debugging
	// At is the constant key of a map the value was read at (m["k"])
	// where the map's entries are not told apart by constant keys: an
	// Elem of a symbolic map (the entry at At once the map is known), or
	// an element of a map a loop filled. A consumer may match the key
	// against what it knows of the entries (a tool's name).
	At string
	// Guards are the conditions on parameters of the function
	// summarized under which the value is made (guard.go); a call's
	// substitution decides them. Consumers may ignore them.
	Guards []*Guard
	k      string // key, once computed; a copy must clear it
}

// FieldValue is the value of one field of a Struct.
type FieldValue struct {
	Name  string
	Value *Value
}

var (
	unknown = &Value{Kind: Unknown}
	nilV    = &Value{Kind: Nil}
)

func init() {
	// Shared between passes: their keys are never written again.
	unknown.key()
	nilV.key()
}

// UnknownValue returns the unknown value, with a reason for debugging.
func UnknownValue(why string) *Value {
	if why == "" {
		return unknown
	}
	// Values are immutable once built: one Unknown per reason.
	if v, ok := unknowns.Load(why); ok {
		return v.(*Value)
	}
	u := &Value{Kind: Unknown, Why: why}
	u.key() // shared between passes: never written again
	v, _ := unknowns.LoadOrStore(why, u)
	return v.(*Value)
}

var unknowns sync.Map // reason → *Value

// addrOf returns the value of &v, where v, a local variable, holds val:
// the local's address when the engine does not follow what v holds (an
// unknown, nil, or a zero struct: var in Input, filled later through its
// address, as json.Unmarshal(raw, &in) does), else val.
func addrOf(v *types.Var, val *Value) *Value {
	switch {
	case val.Kind == Unknown, val.Kind == Nil:
		return &Value{Kind: Unknown, Why: "address of a local", Obj: v}
	case val.Kind == Struct && len(val.Fields) == 0 && len(val.Sets) == 0 && val.Obj == nil:
		return &Value{Kind: Struct, Type: val.Type, Node: val.Node, Obj: v}
	}
	return val
}

// MadeBy returns the call of this package whose evaluation made v, a
// Call: its Site, or the call itself. It is nil when no call here made
// it (a Call of a summary imported with no call site, a Call the
// engine built with no syntax).
func (v *Value) MadeBy() ast.Node {
	if v.Site != nil {
		return v.Site
	}
	return v.Node
}

// Addressed returns the local variables whose addresses v holds or
// carries in a field, an element or a call's argument, as the engine
// followed them from &x through options, constructors and fields
// (bindTo(&in), mmApply(mmWith(&args)).V). Only a variable whose own
// value the engine does not follow (var args T, filled later through its
// address) is tracked this way.
func (v *Value) Addressed() []*types.Var {
	var out []*types.Var
	v.Mentions(func(a *Value) bool {
		if w, ok := a.Obj.(*types.Var); ok && (a.Kind == Unknown || a.Kind == Struct) && !slices.Contains(out, w) {
			out = append(out, w)
		}
		return false
	})
	return out
}

// ConstValue returns the constant value c.
func ConstValue(c constant.Value) *Value { return &Value{Kind: Const, Const: c} }

// StringValue returns the constant string s.
func StringValue(s string) *Value { return ConstValue(constant.MakeString(s)) }

// BoolValue returns the constant bool b.
func BoolValue(b bool) *Value { return ConstValue(constant.MakeBool(b)) }

// NilValue returns nil.
func NilValue() *Value { return nilV }

// maxAlts bounds a union: beyond it the value is Unknown. Tables of
// tools can be long (github-mcp-server registers over a hundred tools
// from one loop), so the bound is generous.
const maxAlts = 512

// maxDepth bounds the nesting of a value.
const maxDepth = 12

// Union returns the union of vs, flattened and without duplicates. It
// is Unknown when one of them is (the engine then cannot tell what the
// expression holds on every path).
func Union(vs ...*Value) *Value {
	var alts []*Value
	seen := make(map[string]bool)
	var add func(v *Value)
	add = func(v *Value) {
		if v == nil {
			return
		}
		if v.Kind == OneOf {
			for _, a := range v.Alts {
				add(a)
			}
			return
		}
		k := v.key()
		if seen[k] {
			return
		}
		seen[k] = true
		alts = append(alts, v)
	}
	for _, v := range vs {
		add(v)
	}
	switch len(alts) {
	case 0:
		return UnknownValue("empty union")
	case 1:
		return alts[0]
	}
	if len(alts) > maxAlts {
		return UnknownValue("too many alternatives")
	}
	return &Value{Kind: OneOf, Alts: alts}
}

// Each returns the alternatives of v: its Alts for a union, else v.
func (v *Value) Each() []*Value {
	if v == nil {
		return nil
	}
	if v.Kind == OneOf {
		return v.Alts
	}
	return []*Value{v}
}

// Known reports whether no alternative of v is Unknown.
func (v *Value) Known() bool {
	for _, a := range v.Each() {
		if a.Kind == Unknown {
			return false
		}
	}
	return v != nil
}

// Strings returns the constant strings v can hold, and whether v holds
// nothing else.
func (v *Value) Strings() ([]string, bool) {
	var out []string
	ok := v != nil
	for _, a := range v.Each() {
		if s, isConst := a.String1(); isConst {
			out = append(out, s)
		} else {
			ok = false
		}
	}
	return out, ok
}

// String1 returns the one constant string v holds, if it holds exactly
// one: a constant, or a call of a pure string function of the standard
// library whose arguments are constants (fmt.Sprintf("create_%s_comment",
// "document") once a call site binds the parameter: folded).
func (v *Value) String1() (string, bool) {
	return v.string1(0)
}

// maxFold bounds the nesting of the calls String1 folds.
const maxFold = 4

func (v *Value) string1(depth int) (string, bool) {
	if v == nil {
		return "", false
	}
	if v.Kind == Const && v.Const.Kind() == constant.String {
		return constant.StringVal(v.Const), true
	}
	if v.Kind != Call || v.Recv != nil || depth > maxFold {
		return "", false
	}
	fn, _ := v.Obj.(*types.Func)
	if fn == nil || fn.Pkg() == nil {
		return "", false
	}
	switch fn.Pkg().Path() + "." + fn.Name() {
	case "fmt.Sprintf":
		if len(v.Args) == 0 {
			return "", false
		}
		format, ok := v.Args[0].string1(depth + 1)
		if !ok {
			return "", false
		}
		var args []any
		for _, a := range v.Args[1:] {
			if a == nil {
				return "", false
			}
			if a.Kind == Const && a.Const.Kind() == constant.Int {
				i, exact := constant.Int64Val(a.Const)
				if !exact {
					return "", false
				}
				args = append(args, i)
				continue
			}
			s, ok := a.string1(depth + 1)
			if !ok {
				return "", false
			}
			args = append(args, s)
		}
		out := fmt.Sprintf(format, args...)
		if strings.Contains(out, "%!") {
			return "", false // a verb that does not fit its argument
		}
		return out, true
	case "strings.ToLower", "strings.ToUpper", "strings.TrimSpace":
		if len(v.Args) != 1 {
			return "", false
		}
		s, ok := v.Args[0].string1(depth + 1)
		if !ok {
			return "", false
		}
		switch fn.Name() {
		case "ToLower":
			return strings.ToLower(s), true
		case "ToUpper":
			return strings.ToUpper(s), true
		}
		return strings.TrimSpace(s), true
	}
	return "", false
}

// Bools returns the constant bools v can hold (nil counts as false: an
// unset *bool hint), and whether v holds nothing else.
func (v *Value) Bools() (hasTrue, hasFalse, ok bool) {
	ok = v != nil
	for _, a := range v.Each() {
		switch {
		case a.Kind == Const && a.Const.Kind() == constant.Bool:
			if constant.BoolVal(a.Const) {
				hasTrue = true
			} else {
				hasFalse = true
			}
		case a.Kind == Nil:
			hasFalse = true
		default:
			ok = false
		}
	}
	return
}

// Field returns the value of field name of a Struct v (the zero value's
// stand-in, Nil, when the struct does not set it), or nil when v is not
// a Struct.
func (v *Value) Field(name string) (*Value, bool) {
	if v == nil || v.Kind != Struct {
		return nil, false
	}
	f, _ := v.field(name)
	return f, true
}

// Select returns field name of each alternative of v: a struct's field,
// or the field of a parameter or of another field, each call site's. A
// nil pointer has no fields (the alternative is dropped). A field the
// struct leaves unset is Unknown, not the zero value: the engine may not
// have seen the store that sets it (a setter chained on a call's result,
// c.NewRequest(p).WithMethod(m)), nor an option not yet applied (Sets).
func (v *Value) Select(name string) *Value {
	return v.selectField(name, false)
}

// SelectAsBuilt is Select for a field that the functions applied to a
// struct after it was built (Sets the engine could not resolve: a
// client's request callbacks) are taken not to change: the field as the
// construction set it. effects asks it for a request's HTTP method.
func (v *Value) SelectAsBuilt(name string) *Value {
	return v.selectField(name, true)
}

func (v *Value) selectField(name string, asBuilt bool) *Value {
	var out []*Value
	for _, a := range v.Each() {
		switch a.Kind {
		case Struct:
			f, _ := a.field(name)
			if f == nil || len(a.Sets) > 0 && !asBuilt {
				return UnknownValue("field not set")
			}
			out = append(out, f)
		case Nil:
		case Param, Field:
			out = append(out, &Value{Kind: Field, X: a, Name: name})
		default:
			return UnknownValue("field of " + a.String())
		}
	}
	return Union(out...)
}

// Stored returns the value the package stores into field name of the
// result of a Call v (tool.Annotations = a), and whether it stores one.
func (v *Value) Stored(name string) (*Value, bool) {
	if v == nil || v.Kind != Call {
		return nil, false
	}
	return v.field(name)
}

// partlyStored is the field of a Call's result below which the package
// stores (tool.Annotations.IdempotentHint = x): Unknown, with the store
// kept under the dotted path (Stored("Annotations.IdempotentHint")).
var partlyStored = &Value{Kind: Unknown, Why: "stored below a field of a call's result"}

// PartlyStored reports whether v, a field of a Call's result (Stored),
// is what the call made except for the stores below it that Stored
// returns under their dotted paths.
func (v *Value) PartlyStored() bool { return v == partlyStored }

// field looks name up in v's Fields.
func (v *Value) field(name string) (*Value, bool) {
	i := sort.Search(len(v.Fields), func(i int) bool { return v.Fields[i].Name >= name })
	if i < len(v.Fields) && v.Fields[i].Name == name {
		return v.Fields[i].Value, true
	}
	return nil, false
}

// Bound returns the value a closure captured for p, a parameter of the
// function that made it (a middleware's handler parameter, bound where
// the middleware was called), and whether it captured one.
func (v *Value) Bound(p *types.Var) (*Value, bool) {
	if v == nil || v.Kind != Closure {
		return nil, false
	}
	return v.Env.lookup(p)
}

// Func returns the function object of a Func or Closure value (for a
// closure of another package, the function enclosing it), or nil.
func (v *Value) FuncObj() types.Object {
	if v != nil && (v.Kind == Func || v.Kind == Closure) {
		return v.Obj
	}
	return nil
}

// String renders v for fact tests and debugging.
func (v *Value) String() string {
	var b strings.Builder
	v.write(&b, 0)
	return b.String()
}

func (v *Value) write(b *strings.Builder, depth int) {
	if v == nil {
		b.WriteString("<nil>")
		return
	}
	if depth > maxDepth {
		b.WriteString("…")
		return
	}
	for _, g := range v.Guards {
		b.WriteString("[" + g.String() + "] ")
	}
	switch v.Kind {
	case Unknown:
		if v.Obj != nil {
			b.WriteString("&" + v.Obj.Name())
		}
		b.WriteString("?")
	case Const:
		b.WriteString(v.Const.ExactString())
	case Nil:
		b.WriteString("nil")
	case Param:
		if v.Index < 0 {
			b.WriteString("recv")
		} else {
			b.WriteString("p" + strconv.Itoa(v.Index))
		}
		writePending(b, v, depth)
	case Struct:
		if v.Obj != nil {
			b.WriteString("&" + v.Obj.Name() + ":")
		}
		b.WriteString(typeName(v.Type))
		writeFields(b, v, depth)
	case Slice:
		b.WriteString("[")
		if len(v.Keys) > 0 {
			for i, k := range v.Keys {
				if i > 0 {
					b.WriteString(", ")
				}
				b.WriteString(strconv.Quote(k) + ": ")
				v.Entry[i].write(b, depth+1)
			}
		} else {
			v.Elems.write(b, depth+1)
		}
		b.WriteString("]")
	case Func:
		if v.Recv != nil {
			v.Recv.write(b, depth+1)
			b.WriteString(".")
			b.WriteString(v.Obj.Name())
		} else {
			b.WriteString(objName(v.Obj))
		}
	case Closure:
		if v.Lit != nil {
			b.WriteString("func@" + strconv.Itoa(int(v.Lit.Pos())))
		} else {
			b.WriteString("func#" + strconv.Itoa(v.Ord) + "@" + objName(v.Obj))
			if v.Name != "" {
				b.WriteString(" in " + v.Name)
			}
		}
	case Call:
		if v.Recv != nil {
			v.Recv.write(b, depth+1)
			b.WriteString(".")
			b.WriteString(v.Obj.Name())
		} else {
			b.WriteString(objName(v.Obj))
		}
		writeArgs(b, v.Args, depth)
		if v.Index > 0 {
			b.WriteString("#" + strconv.Itoa(v.Index))
		}
		if len(v.Fields) > 0 || len(v.Sets) > 0 {
			writeFields(b, v, depth) // stores into the result
		}
	case Field:
		v.X.write(b, depth+1)
		b.WriteString("." + v.Name)
		writePending(b, v, depth)
	case Elem:
		v.X.write(b, depth+1)
		if v.At != "" {
			b.WriteString("[" + strconv.Quote(v.At) + "]")
			return
		}
		if len(v.Args) == 1 {
			b.WriteString("[")
			v.Args[0].write(b, depth+1)
			b.WriteString("]")
			return
		}
		b.WriteString("[_]")
		writePending(b, v, depth)
	case Method:
		v.X.write(b, depth+1)
		b.WriteString("." + v.Name)
		writeArgs(b, v.Args, depth)
		if v.Index > 0 {
			b.WriteString("#" + strconv.Itoa(v.Index))
		}
	case Concat:
		for i, a := range v.Args {
			if i > 0 {
				b.WriteString(" + ")
			}
			a.write(b, depth+1)
		}
	case OneOf:
		alts := make([]string, len(v.Alts))
		for i, a := range v.Alts {
			var s strings.Builder
			a.write(&s, depth+1)
			alts[i] = s.String()
		}
		sort.Strings(alts)
		b.WriteString("(" + strings.Join(alts, " | ") + ")")
	}
}

// writeFields renders the fields and pending options of a Struct, or
// the stores into a Call's result.
func writeFields(b *strings.Builder, v *Value, depth int) {
	b.WriteString("{")
	for i, f := range v.Fields {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(f.Name + ": ")
		f.Value.write(b, depth+1)
	}
	for _, f := range v.Sets {
		b.WriteString("; apply ")
		f.write(b, depth+1)
	}
	b.WriteString("}")
}

// writePending renders the interface method calls pending on a
// symbolic value (update.pend).
func writePending(b *strings.Builder, v *Value, depth int) {
	for _, f := range v.Sets {
		b.WriteString("{then ")
		f.write(b, depth+1)
		b.WriteString("}")
	}
}

func writeArgs(b *strings.Builder, args []*Value, depth int) {
	b.WriteString("(")
	for i, a := range args {
		if i > 0 {
			b.WriteString(", ")
		}
		a.write(b, depth+1)
	}
	b.WriteString(")")
}

func typeName(t types.Type) string {
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Name()
	}
	if t == nil {
		return "struct"
	}
	return "struct"
}

func objName(obj types.Object) string {
	if obj == nil {
		return "?"
	}
	if fn, ok := obj.(*types.Func); ok {
		if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
			return typeName(derefType(sig.Recv().Type())) + "." + fn.Name()
		}
	}
	if obj.Pkg() != nil {
		return obj.Pkg().Name() + "." + obj.Name()
	}
	return obj.Name()
}

func derefType(t types.Type) types.Type {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

func objKey(obj types.Object) string {
	if obj == nil {
		return ""
	}
	return strconv.Itoa(int(obj.Pos())) + obj.Name()
}

// key identifies a value for deduplication in unions: a 64-bit hash of
// its structure (kinds, constants, objects, fields, and the syntax that
// built a struct, slice or call: registrations tell two literals of one
// type apart by their node), computed once per value. All Unknowns are
// one value.
func (v *Value) key() string {
	if v.k == "" {
		h := fnv.New64a()
		v.hash(h)
		v.k = string(h.Sum(nil))
	}
	return v.k
}

func (v *Value) hash(h hash.Hash64) {
	w := func(s string) { h.Write([]byte(s)); h.Write([]byte{0}) }
	sub := func(x *Value) {
		if x == nil {
			w("-")
			return
		}
		w(x.key())
	}
	pos := func(n ast.Node) {
		if n != nil {
			w(strconv.Itoa(int(n.Pos())))
		}
	}
	obj := func(o types.Object) {
		if o != nil {
			if o.Pkg() != nil {
				w(o.Pkg().Path())
			}
			w(objKey(o))
		}
	}
	w(strconv.Itoa(int(v.Kind)))
	if v.At != "" {
		w("@" + v.At)
	}
	for _, g := range v.Guards {
		w("?" + g.String())
	}
	switch v.Kind {
	case Unknown:
		obj(v.Obj)
	case Nil:
	case Const:
		w(v.Const.ExactString())
	case Param:
		w(strconv.Itoa(v.Index))
		obj(v.Obj)
		for _, x := range v.Sets {
			sub(x)
		}
	case Struct:
		if v.Type != nil {
			w(v.Type.String())
		}
		obj(v.Obj)
		for _, f := range v.Fields {
			w(f.Name)
			sub(f.Value)
		}
		w("sets")
		for _, x := range v.Sets {
			sub(x)
		}
		pos(v.Node)
	case Slice:
		sub(v.Elems)
		for i, k := range v.Keys {
			w(k)
			if i < len(v.Entry) {
				sub(v.Entry[i])
			}
		}
		pos(v.Node)
	case Func:
		obj(v.Obj)
		sub(v.Recv)
	case Closure:
		if v.Lit != nil {
			// Closures of one literal with different captured bindings
			// are different values.
			pos(v.Lit)
			w(v.Env.key())
		} else {
			obj(v.Obj)
			w(strconv.Itoa(v.Ord))
			w(v.Name)
			w(strconv.Itoa(v.Index))
			// So are those of another package's literal (a middleware's
			// closure wrapping one verb's handler or another's).
			w(v.Env.key())
		}
	case Call, Method:
		obj(v.Obj)
		w(v.Name)
		w(strconv.Itoa(v.Index))
		sub(v.Recv)
		sub(v.X)
		for _, a := range v.Args {
			sub(a)
		}
		for _, f := range v.Fields {
			w(f.Name)
			sub(f.Value)
		}
		for _, x := range v.Sets {
			sub(x)
		}
		pos(v.Node)
		pos(v.Site)
		if v.made {
			w("made")
		}
	case Field, Elem:
		w(v.Name)
		sub(v.X)
		for _, a := range v.Args { // an Elem's symbolic key
			sub(a)
		}
		for _, x := range v.Sets {
			sub(x)
		}
	case Concat:
		for _, a := range v.Args {
			sub(a)
		}
	case OneOf:
		for _, a := range v.Alts {
			sub(a)
		}
	default:
		w(v.String())
	}
}

// Mentions reports whether pred holds for v or a value inside it.
func (v *Value) Mentions(pred func(*Value) bool) bool {
	return v.mentions(pred, 0)
}

func (v *Value) mentions(pred func(*Value) bool, depth int) bool {
	if v == nil || depth > maxDepth*2 {
		return false
	}
	if pred(v) {
		return true
	}
	for _, f := range v.Fields {
		if f.Value.mentions(pred, depth+1) {
			return true
		}
	}
	for _, xs := range [][]*Value{v.Sets, v.Entry, v.Args, v.Alts} {
		for _, x := range xs {
			if x.mentions(pred, depth+1) {
				return true
			}
		}
	}
	return v.Elems.mentions(pred, depth+1) || v.Recv.mentions(pred, depth+1) || v.X.mentions(pred, depth+1)
}

// Same reports whether a and b are the same value as a consumer compares
// requests: alike in structure, constants, objects and parameters, where
// the syntax that built them may differ (a request literal written in two
// helpers, a constructor called twice). A value with an Unknown part is
// the same as nothing, and a closure only as itself.
func Same(a, b *Value) bool { return same(a, b, 0) }

func same(a, b *Value, depth int) bool {
	if a == nil || b == nil {
		return a == b
	}
	if a == b && a.Kind != Unknown {
		return true
	}
	if depth > maxDepth*2 || a.Kind != b.Kind || a.At != b.At || a.Kind == Unknown {
		return false
	}
	all := func(xs, ys []*Value) bool {
		if len(xs) != len(ys) {
			return false
		}
		for i := range xs {
			if !same(xs[i], ys[i], depth+1) {
				return false
			}
		}
		return true
	}
	fields := func(xs, ys []FieldValue) bool {
		if len(xs) != len(ys) {
			return false
		}
		for i := range xs {
			if xs[i].Name != ys[i].Name || !same(xs[i].Value, ys[i].Value, depth+1) {
				return false
			}
		}
		return true
	}
	switch a.Kind {
	case Nil:
		return true
	case Const:
		return constant.Compare(a.Const, token.EQL, b.Const)
	case Param:
		return a.Index == b.Index && a.Obj == b.Obj
	case Struct:
		return (a.Type == nil) == (b.Type == nil) && (a.Type == nil || types.Identical(a.Type, b.Type)) &&
			fields(a.Fields, b.Fields) && all(a.Sets, b.Sets)
	case Slice:
		return slices.Equal(a.Keys, b.Keys) && all(a.Entry, b.Entry) && same(a.Elems, b.Elems, depth+1)
	case Func:
		return a.Obj == b.Obj && same(a.Recv, b.Recv, depth+1)
	case Closure:
		return false // a == b above
	case Call, Method:
		return a.Obj == b.Obj && a.Name == b.Name && a.Index == b.Index && same(a.Recv, b.Recv, depth+1) &&
			same(a.X, b.X, depth+1) && all(a.Args, b.Args) && fields(a.Fields, b.Fields) && all(a.Sets, b.Sets)
	case Field, Elem:
		return a.Name == b.Name && same(a.X, b.X, depth+1) && all(a.Args, b.Args)
	case Concat:
		return all(a.Args, b.Args)
	case OneOf:
		return all(a.Alts, b.Alts)
	}
	return false
}
