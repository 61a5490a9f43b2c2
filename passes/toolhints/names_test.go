package toolhints

import "testing"

// TestMutatorName checks the callee names that make a POST of an
// RPC-style client a write for the read-only rule.
func TestMutatorName(t *testing.T) {
	for _, c := range []struct {
		name string
		want bool
	}{
		{"Mutate", true},
		{"CreateIssue", true},
		{"AddComment", true},
		{"MoveCard", true},
		{"TransitionIssue", true},
		{"CreateOrderPreview", false}, // a dry-run word
		{"DeployDryRun", false},
		{"SimulatePayment", false},
		{"GetIssue", false},
		{"Send", false},
		{"Address", false},
	} {
		if got := mutatorName(c.name); got != c.want {
			t.Errorf("mutatorName(%q) = %v, want %v", c.name, got, c.want)
		}
	}
}
