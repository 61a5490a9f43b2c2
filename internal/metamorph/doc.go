// Package metamorph is mcpvet's metamorphic test harness: it takes the
// fixture modules under testdata/, applies semantics-preserving rewrites
// to them, runs the whole analyzer.Suite over each rewritten copy and
// requires the same findings as on the unrewritten fixture (same checks,
// categories, tools and calls; positions and wording may change). A
// rewrite that changes a finding is a failing test, unless the change is
// listed in the test package's table of known gaps, which can only
// shrink: a listed gap that no longer occurs fails the test too.
//
// # Rewrites
//
// Rewrites() lists them; each one's Doc says what it does and where it
// applies (testdata/golden shows each on a small module):
//
//	rename           every identifier the module declares, consistently, JSON names kept
//	extract-func     a statement-level call into a new function, locals as parameters
//	inline-local     a local used once replaced by its value
//	extract-local    a value into a new local (per class of site)
//	field            a value into a struct field read back at the use
//	options          a value through an options struct set by a functional option
//	options-pkg      the same through a generic options API of a new package, whose
//	                 exported option returns an unexported helper's closure
//	ctor             a value returned by a constructor function
//	table-local      registrations into a range loop over a local table
//	table-pkg        registrations into a range loop over a package-level table
//	table-row        a handler literal's constants into a one-row table it reads
//	run-closure      a statement-level call into a function literal run in its place
//	run-helper       the same, the literal run by a generic helper mmRunK
//	wrap-generic     a handler through func mmWrap[H any](h H) H
//	wrap-middleware  a handler wrapped by a middleware built from its type
//	move-pkg         handlers, helpers, constructors into a new package of the module
//	move-module      the same into a separate module required through a replace directive
//
// The value rewrites (extract-local, field, options, options-pkg, ctor) make one
// variant per class of site: values given to an MCP SDK (sdk), to
// another dependency (dep) or to the module's own functions (mod). The
// mutations (mut-hints, mut-nokey) change the programs' meaning on
// purpose: the suites require that they change the findings, which
// proves that the harness sees a change.
//
// # Findings
//
// A finding is compared as a position-free, wording-free key: the
// fixture package, the analyzer and category, and its subject, the first
// quoted name of the message (a tool, a called tool, a key) mapped back
// through the rename; for the client checks (readback, freshkey), and
// where nothing is quoted, also the fixture's top-level function the
// finding is in, mapped back through the functions a rewrite made or
// renamed. Findings are multisets: a finding that occurs once more or
// once less is a change.
//
// # Running
//
// The variants of a fixture module are written side by side into one
// temporary module (<fixture>/<variant>/<package>, separate modules
// under ext/), and several fixture modules that agree on their
// dependencies share one: their dependencies are loaded and
// type-checked once. The suites are the test packages servers and
// serverlayout (the server fixtures' rewrites shared out between them:
// Suite.Rewrites), clients, sdks and blocks:
//
//	go test ./internal/metamorph/...
//	go test ./internal/metamorph/servers -run TestMetamorphic -update-gaps   # rewrite gaps_test.go
//	MM_MODULE=dedupekey MM_REWRITES=ctor MM_KEEP=/tmp/mm go test ./internal/metamorph -run TestDebug -v
//
// -update-gaps also runs the classed rewrites once per role of site
// (tool, name, hint, schema, handler, CallTool params; HTTP, exec, SQL,
// key names; the module's constants and functions) and writes, as each
// gap's reason, the roles whose rewrite alone makes the change. Reasons
// edited by hand are kept. Never run it in CI.
package metamorph
