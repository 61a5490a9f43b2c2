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

// TestToolSets checks the tool names that say a tool sets state, so that
// a POST a generic helper sends for it is no evidence against its
// idempotent hint.
func TestToolSets(t *testing.T) {
	for _, c := range []struct {
		name string
		want bool
	}{
		{"update_bitrise_yml", true},
		{"abort_build", true},
		{"service_resize", true},
		{"service-start", true},
		{"setLabels", true},
		{"StopInstance", true},
		{"send_update", false},      // a send first
		{"create_or_update", false}, // an addition among the first two words
		{"trigger_build", false},
		{"notify_users_update", false}, // the setter is the third word
		{"get_status", false},
		{"", false},
	} {
		if got := toolSets(c.name); got != c.want {
			t.Errorf("toolSets(%q) = %v, want %v", c.name, got, c.want)
		}
	}
}
