package basic

// Values chosen by a condition on a parameter: each call site's argument
// decides which branch's value the result holds.

type annotations struct {
	ReadOnly    bool
	Destructive *bool
}

type tool struct {
	Name        string
	Annotations *annotations
}

func yes() *bool { b := true; return &b }

// meta chooses the annotations by its bool parameter, with an early
// return (hugo-mcp-go's toolMeta).
func meta(name string, readOnly bool) *tool {
	t := &tool{Name: name}
	if readOnly {
		t.Annotations = &annotations{ReadOnly: true}
		return t
	}
	t.Annotations = &annotations{Destructive: yes()}
	return t
}

var readOnlyNames = map[string]bool{
	"list_pages": true,
	"get_page":   true,
}

type option func(*tool)

func withReadOnly(t *tool) { t.Annotations = &annotations{ReadOnly: true} }

// newTool appends an option when a table names the tool
// (google-workspace-mcp-go's newMCPTool).
func newTool(name string, opts ...option) *tool {
	if readOnlyNames[name] {
		opts = append(opts, withReadOnly)
	}
	t := &tool{Name: name}
	for _, o := range opts {
		o(t)
	}
	return t
}

func chosen(flag bool) {
	show(meta("create_page", false).Annotations.ReadOnly) // want `false`
	show(meta("list_pages", true).Annotations.ReadOnly)   // want `true`
	show(meta("either", flag).Annotations.ReadOnly)       // want `\(false \| true\)`
	show(meta("create_page", false))                      // want `tool\{Annotations: annotations\{Destructive: true\}, Name: "create_page"\}`
	show(newTool("x", withReadOnly).Annotations)          // want `annotations\{ReadOnly: true\}`
	show(newTool2("x").Annotations)                       // want `annotations\{ReadOnly: true\}`
	show(newTool("get_page").Annotations)                 // want `annotations\{ReadOnly: true\}`
	show(newTool("create_page").Annotations)              // want `nil`
}

// newTool2 appends the option always.
func newTool2(name string, opts ...option) *tool {
	opts = append(opts, withReadOnly)
	t := &tool{Name: name}
	for _, o := range opts {
		o(t)
	}
	return t
}

// A switch on a parameter picks a result per case: a call with a
// constant takes that case's, or the default's.
func pickSwitch(name string) string {
	switch name {
	case "a":
		return "A"
	case "b", "c":
		return "B"
	default:
		return "Z"
	}
}

// After a switch on a parameter whose every clause returns, the rest
// runs for the other values only.
func pickAfter(name string) string {
	switch name {
	case "a":
		return "A"
	case "b":
		return "B"
	}
	return "Z"
}

// A clause that falls through is left alone: every result counts.
func pickFall(name string) string {
	switch name {
	case "a":
		name = "x"
		fallthrough
	case "b":
		return "B"
	}
	return "Z"
}

func switched(other string) {
	show(pickSwitch("a"))   // want `^"A"$`
	show(pickSwitch("c"))   // want `^"B"$`
	show(pickSwitch("q"))   // want `^"Z"$`
	show(pickAfter("b"))    // want `^"B"$`
	show(pickAfter("q"))    // want `^"Z"$`
	show(pickFall("a"))     // want `^\("B" \| "Z"\)$|^\("Z" \| "B"\)$`
	show(pickSwitch(other)) // want `^\(\[p0 in \{"a"\}\] "A" \| \[p0 in \{"b","c"\}\] "B" \| \[p0 not in \{"a","b","c"\}\] "Z"\)$`
}

// maybeMeta sets the annotations under a condition it does not take from
// a parameter: the field its literal left unset may stay nil.
func maybeMeta(name string, env map[string]string) *tool {
	t := &tool{Name: name}
	if env["READ_ONLY"] == "1" {
		t.Annotations = &annotations{ReadOnly: true}
	}
	return t
}

// flagMeta sets them under its parameter: a call decides.
func flagMeta(name string, readOnly bool) *tool {
	t := &tool{Name: name}
	if readOnly {
		t.Annotations = &annotations{ReadOnly: true}
	}
	return t
}

func maybeStored(env map[string]string) {
	show(maybeMeta("x", env).Annotations)  // want `\(annotations\{ReadOnly: true\} \| nil\)`
	show(flagMeta("x", true).Annotations)  // want `^annotations\{ReadOnly: true\}$`
	show(flagMeta("x", false).Annotations) // want `^nil$`
	t := &tool{Name: "y"}
	if env["READ_ONLY"] == "1" {
		t.Annotations = &annotations{ReadOnly: true}
	}
	show(t.Annotations) // want `\(annotations\{ReadOnly: true\} \| nil\)`
}

type spec struct {
	Name     string
	ReadOnly bool
}

// specMeta tests a field of its parameter: a call with a literal
// decides it.
func specMeta(s spec) *tool {
	t := &tool{Name: s.Name}
	if s.ReadOnly {
		t.Annotations = &annotations{ReadOnly: true}
	}
	return t
}

func fieldChosen(env map[string]string) {
	show(specMeta(spec{Name: "x", ReadOnly: true}).Annotations) // want `^annotations\{ReadOnly: true\}$`
	show(specMeta(spec{Name: "y"}).Annotations)                 // want `^nil$`
}

// flagged reads a field of its receiver that a setter sets.
type flagged struct {
	name     string
	readOnly bool
}

func (m *flagged) SetReadOnly(v bool) { m.readOnly = v }

// mode picks by a field of its receiver: a condition a receiver bound
// at a call decides.
func (m *flagged) mode() string {
	out := "write"
	if m.readOnly {
		out = "read"
	}
	return out
}

// setter is the interface the marks are made through.
type setter interface {
	SetReadOnly(v bool)
	mode() string
}

func receiverChosen() {
	show((&flagged{readOnly: true}).mode()) // want `^\("read" \| "write"\)$`
	m := &flagged{name: "a"}
	show(m.mode()) // want `^"write"$`
}

// markAll marks the elements of its parameter through the interface:
// which method runs is its elements', once a caller gives them.
func markAll(ms []setter) {
	for _, m := range ms {
		m.SetReadOnly(true)
		show(m) // want `^p0\[_\]\{then setter\.SetReadOnly\(true\)\}$`
	}
}

// markOne returns what it marks: the pending call runs on the struct a
// caller gives.
func markOne(s setter) setter {
	s.SetReadOnly(true)
	return s
}

func pendingRun() {
	show(markOne(&flagged{name: "b"})) // want `^flagged\{name: "b", readOnly: true\}$`
	var s setter = &flagged{name: "c"}
	// The initial "write" stays (flow-insensitive); "read" needs the mark.
	show(markOne(s).mode()) // want `^\("read" \| "write"\)$`
}

// builder methods return their receiver: a chain whose result is
// dropped stores into the variable it starts from.
type bunch struct{ names []string }

func (g *bunch) add(n string) *bunch {
	g.names = append(g.names, n)
	return g
}

func chained() {
	g := &bunch{}
	g.add("x").add("y")
	show(g.names) // want `^\(\["x"\] \| \["y"\]\)$`
}

type hintSpec struct {
	Name        string
	Destructive bool
}

func ptrTo[T any](v T) *T { return &v }

// buildFromSpec sets a hint when a field of its struct parameter says so
// (mediawiki-mcp-server's buildTool).
func buildFromSpec(sp hintSpec) *tool {
	a := &annotations{}
	if sp.Destructive {
		a.Destructive = ptrTo(true)
	}
	return &tool{Name: sp.Name, Annotations: a}
}

func fromSpec() {
	show(buildFromSpec(hintSpec{Name: "drop", Destructive: true}).Annotations.Destructive) // want `true`
	show(buildFromSpec(hintSpec{Name: "peek"}).Annotations.Destructive)                    // want `nil`
}

var hintSpecs = []hintSpec{{Name: "drop", Destructive: true}, {Name: "peek"}}

func fromSpecs() {
	for _, sp := range hintSpecs {
		show(buildFromSpec(sp).Annotations.Destructive) // want `\(nil \| true\)`
	}
}
