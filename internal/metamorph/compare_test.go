package metamorph

import (
	"reflect"
	"testing"
)

// TestChanges checks the comparison the suites rest on: multisets, a
// finding once more or once less is a change, "orig" is the oracle.
func TestChanges(t *testing.T) {
	r := &Result{Module: "m", Findings: map[string]map[Finding]int{
		"orig": {"p a/a \"x\"": 1, "p a/a \"y\"": 2},
		"v":    {"p a/a \"x\"": 1, "p a/a \"y\"": 1, "p a/a \"z\"": 1},
		"w":    {"p a/a \"x\"": 1, "p a/a \"y\"": 2},
	}}
	want := []Change{
		{Module: "m", Variant: "v", Finding: "p a/a \"y\"", Delta: -1},
		{Module: "m", Variant: "v", Finding: "p a/a \"z\"", Delta: 1},
	}
	if got := r.Changes(); !reflect.DeepEqual(got, want) {
		t.Errorf("Changes() = %v, want %v", got, want)
	}
}
