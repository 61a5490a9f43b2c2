package effects

import (
	"slices"
	"testing"
)

// TestNameWords checks the split of Go names into words.
func TestNameWords(t *testing.T) {
	for _, c := range []struct {
		name string
		want []string
	}{
		{"CreateOrderPreview", []string{"Create", "Order", "Preview"}},
		{"createOrderPreview", []string{"create", "Order", "Preview"}},
		{"HTTPServer", []string{"HTTP", "Server"}},
		{"DeployDryRun", []string{"Deploy", "Dry", "Run"}},
		{"dry_run_deploy", []string{"dry", "run", "deploy"}},
		{"GetV2Items", []string{"Get", "V2", "Items"}},
		{"Add", []string{"Add"}},
	} {
		if got := nameWords(c.name); !slices.Equal(got, c.want) {
			t.Errorf("nameWords(%q) = %q, want %q", c.name, got, c.want)
		}
	}
}

// TestDryRunName checks which names say they compute a change without
// making it.
func TestDryRunName(t *testing.T) {
	for _, c := range []struct {
		name string
		want bool
	}{
		{"CreateOrderPreview", true},
		{"PreviewInvoice", true},
		{"CreateInvoicePreviewWithContext", true},
		{"DeployDryRun", true},
		{"ApplyDryrun", true},
		{"SimulateTransfer", true},
		{"ValidateConfig", true},
		{"EstimateCost", true},
		{"updateEstimate", true},
		{"CreateOrder", false},
		{"Previewer", false}, // another word
		{"DryClean", false},
		{"RunDry", false},
		{"Transition", false},
	} {
		if got := DryRunName(c.name); got != c.want {
			t.Errorf("DryRunName(%q) = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestRemoteVerbs checks the first words of the generic rule.
func TestRemoteVerbs(t *testing.T) {
	for _, c := range []struct {
		name       string
		verb, idem bool
	}{
		{"AddComment", true, false},
		{"MoveIssueToSprint", true, true},
		{"TransitionIssue", true, false},
		{"CreateIssue", true, false},
		{"DeleteIssue", true, true},
		{"WriteMessage", false, false},
		{"GetIssue", false, false},
		{"CancelOperation", true, true},
	} {
		w := firstWord(c.name)
		if remoteVerbs[w] != c.verb || remoteIdem[w] != c.idem {
			t.Errorf("%s: verb %v, idempotent %v; want %v, %v", c.name, remoteVerbs[w], remoteIdem[w], c.verb, c.idem)
		}
	}
}

// TestReadName checks the names that make a POST a read by design.
func TestReadName(t *testing.T) {
	for _, c := range []struct {
		name string
		want bool
	}{
		{"SearchIssues", true},
		{"listItems", true},
		{"GetOrCreateUser", false},
		{"CreateOrderPreview", true}, // a dry-run word outweighs the first
		{"CreateOrder", false},
		{"AddComment", false},
		{"DoTransition", false},
		{"", false},
	} {
		if got := readName(c.name); got != c.want {
			t.Errorf("readName(%q) = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestMutationField checks the operation a GraphQL document's mutation
// selects.
func TestMutationField(t *testing.T) {
	for _, c := range []struct{ doc, want string }{
		{`mutation($id: Int!) { stopTimer(id: $id) { id } }`, "stopTimer"},
		{"# a comment\nmutation Retag($k: String!) {\n  renamed: updateTag(key: $k) { key }\n}", "updateTag"},
		{`mutation { createIssue(input: {title: "x"}) { issue { id } } }`, "createIssue"},
		{`query { issues { id } }`, ""},
		{`{ viewer { login } }`, ""},
		{`mutation`, ""},
	} {
		if got := mutationField(c.doc); got != c.want {
			t.Errorf("mutationField(%q) = %q, want %q", c.doc, got, c.want)
		}
	}
}
