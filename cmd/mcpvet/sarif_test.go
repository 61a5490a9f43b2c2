package main_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/owenrumney/go-sarif/v3/pkg/report/v210/sarif"

	"github.com/mcpvet/mcpvet/analyzer"
)

// TestSARIF runs mcpvet -sarif on the demo, validates the log against the
// SARIF 2.1.0 schema and checks its rules, results, related locations,
// fixes and relative paths against the demo's // expect: comments.
func TestSARIF(t *testing.T) {
	t.Parallel()
	bin, demo := demoSetup(t)
	r, file := demoSARIF(t, bin, demo) // shared with TestExitCodes and TestBaseline
	if r.err != nil {
		t.Fatalf("mcpvet -sarif: %v\n%s%s", r.err, r.stderr, r.stdout)
	}
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}

	report, err := sarif.FromBytes(raw)
	if err != nil {
		t.Fatal(err)
	}
	if err := report.Validate(); err != nil {
		t.Fatalf("invalid SARIF: %v", err)
	}

	// Check the raw document, which the round trip above may normalize.
	type region struct{ StartLine, StartColumn, EndLine, EndColumn int }
	type location struct {
		PhysicalLocation struct {
			ArtifactLocation struct{ URI, URIBaseID string } `json:"artifactLocation"`
			Region           region
		}
		Message *struct{ Text string }
	}
	var log struct {
		Version string
		Runs    []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID               string
						ShortDescription struct{ Text string }
						Help             struct{ Text string }
						HelpURI          string
					}
				}
			}
			OriginalURIBaseIDs map[string]struct{ URI string } `json:"originalUriBaseIds"`
			Results            []struct {
				RuleID           string
				Message          struct{ Text string }
				Locations        []location
				RelatedLocations []location
				Fixes            []struct {
					Description     struct{ Text string }
					ArtifactChanges []struct {
						ArtifactLocation struct{ URI string }
						Replacements     []struct {
							DeletedRegion   struct{ ByteOffset, ByteLength *int }
							InsertedContent *struct{ Text string }
						}
					}
				}
			}
		}
	}
	if err := json.Unmarshal(raw, &log); err != nil {
		t.Fatal(err)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 {
		t.Fatalf("version %q, %d runs", log.Version, len(log.Runs))
	}
	run := log.Runs[0]

	rules := make(map[string]bool)
	for _, r := range run.Tool.Driver.Rules {
		rules[r.ID] = true
		if r.ShortDescription.Text == "" || !strings.Contains(r.Help.Text, "WRONG") || !strings.HasPrefix(r.HelpURI, "https://") {
			t.Errorf("rule %s lacks a description, help text or URL", r.ID)
		}
	}
	for _, a := range analyzer.Suite {
		if !rules[a.Name] {
			t.Errorf("no rule for %s", a.Name)
		}
	}
	if len(rules) != len(analyzer.Suite) {
		t.Errorf("%d rules for %d analyzers", len(rules), len(analyzer.Suite))
	}
	if root := run.OriginalURIBaseIDs["%SRCROOT%"].URI; root != "file://"+filepath.ToSlash(demo)+"/" {
		t.Errorf("%%SRCROOT%% is %q, want the demo module's root", root)
	}

	var got []finding
	fixes := 0
	for _, r := range run.Results {
		if len(r.Locations) != 1 {
			t.Fatalf("%s: %d locations", r.RuleID, len(r.Locations))
		}
		loc := r.Locations[0].PhysicalLocation
		if loc.ArtifactLocation.URIBaseID != "%SRCROOT%" || strings.HasPrefix(loc.ArtifactLocation.URI, "/") || strings.Contains(loc.ArtifactLocation.URI, ":") {
			t.Errorf("%s: uri %q (base %q), want a path relative to the module root", r.RuleID, loc.ArtifactLocation.URI, loc.ArtifactLocation.URIBaseID)
		}
		if loc.Region.StartLine == 0 || loc.Region.StartColumn == 0 || loc.Region.EndLine == 0 {
			t.Errorf("%s: region %+v", r.RuleID, loc.Region)
		}
		if len(r.RelatedLocations) == 0 || r.RelatedLocations[0].Message == nil || r.RelatedLocations[0].Message.Text == "" {
			t.Errorf("%s at %s:%d: no related location with a message", r.RuleID, loc.ArtifactLocation.URI, loc.Region.StartLine)
		}
		for _, f := range r.Fixes {
			fixes++
			if f.Description.Text == "" || len(f.ArtifactChanges) == 0 || len(f.ArtifactChanges[0].Replacements) == 0 {
				t.Errorf("%s: empty fix %+v", r.RuleID, f)
				continue
			}
			rep := f.ArtifactChanges[0].Replacements[0]
			if rep.DeletedRegion.ByteOffset == nil || rep.InsertedContent == nil {
				t.Errorf("%s: fix without a region or content", r.RuleID)
			}
		}
		got = append(got, finding{filepath.FromSlash(loc.ArtifactLocation.URI), loc.Region.StartLine, r.RuleID})
	}
	compare(t, "mcpvet -sarif", got, expectations(t, demo))
	if fixes == 0 {
		t.Errorf("no fixes in the SARIF log; freshkey offers one on the demo")
	}
}
