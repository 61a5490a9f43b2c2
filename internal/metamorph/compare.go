package metamorph

import (
	"fmt"
	"sort"
)

// A Change is a finding a variant lost or gained against the unrewritten
// fixture.
type Change struct {
	Module  string  // fixture module
	Variant string  // rewrite (and class)
	Finding Finding // "fixturepkg analyzer/category subject"
	Delta   int     // gained (> 0) or lost (< 0) occurrences
}

func (c Change) String() string {
	verb := "lost"
	if c.Delta > 0 {
		verb = "gained"
	}
	n := c.Delta
	if n < 0 {
		n = -n
	}
	s := fmt.Sprintf("%s %s: %s %s", c.Module, c.Variant, verb, c.Finding)
	if n > 1 {
		s += fmt.Sprintf(" (x%d)", n)
	}
	return s
}

// Changes returns the findings each variant lost or gained against
// "orig", sorted.
func (r *Result) Changes() []Change {
	orig := r.Findings["orig"]
	var out []Change
	for name, got := range r.Findings {
		if name == "orig" {
			continue
		}
		keys := make(map[Finding]bool)
		for k := range orig {
			keys[k] = true
		}
		for k := range got {
			keys[k] = true
		}
		for k := range keys {
			if d := got[k] - orig[k]; d != 0 {
				out = append(out, Change{Module: r.Module, Variant: name, Finding: k, Delta: d})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Module != b.Module {
			return a.Module < b.Module
		}
		if a.Variant != b.Variant {
			return a.Variant < b.Variant
		}
		return a.Finding < b.Finding
	})
	return out
}
