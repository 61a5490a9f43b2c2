package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpvet/mcpvet/analyzer"
)

// sarifArgs reports whether args ask for SARIF output (-sarif FILE or
// -sarif=FILE, before any "--"), and returns the file and the other
// arguments.
func sarifArgs(args []string) (file string, rest []string, ok bool) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			rest = append(rest, args[i:]...)
			break
		}
		name, val, hasVal := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-"), "=")
		if !strings.HasPrefix(a, "-") || name != "sarif" {
			rest = append(rest, a)
			continue
		}
		ok = true
		if !hasVal {
			if i+1 < len(args) {
				i++
				val = args[i]
			}
		}
		file = val
	}
	return file, rest, ok
}

// runSARIF runs this command again with -json and the given arguments and
// writes its findings to file as SARIF 2.1.0 ("-" for stdout). Like -json,
// it exits 0 when the report was written, whatever it holds, and 1 when a
// package did not load, an analyzer failed or the arguments were bad.
func runSARIF(file string, args []string) int {
	fail := func(format string, a ...any) int {
		fmt.Fprintf(os.Stderr, "mcpvet: "+format+"\n", a...)
		return 1
	}
	if file == "" {
		return fail("-sarif needs a file name (- for standard output)")
	}
	for _, a := range args {
		if a == "-fix" || a == "--fix" || strings.HasPrefix(a, "-fix=") || strings.HasPrefix(a, "--fix=") {
			return fail("-sarif and -fix cannot be combined")
		}
	}
	var stdout bytes.Buffer
	code := runChild(append([]string{"-json"}, args...), &stdout)
	root, err := moduleRoot()
	if err != nil {
		return fail("%v", err)
	}
	log, errs, err := toSARIF(stdout.Bytes(), root, analyzer.Suite)
	if err != nil {
		return fail("reading the -json output: %v", err)
	}
	for _, e := range errs {
		fmt.Fprintln(os.Stderr, "mcpvet: "+e)
	}
	for _, msg := range staleEntries(records) { // also on standard error
		inv := &log.Runs[0].Invocations[0]
		inv.Notifications = append(inv.Notifications, sarifNotification{Level: "note", Message: sarifMessage{strings.TrimPrefix(msg, "mcpvet: ")}})
	}
	out, err := json.MarshalIndent(log, "", "  ")
	if err != nil {
		return fail("%v", err)
	}
	out = append(out, '\n')
	if file == "-" {
		_, err = os.Stdout.Write(out)
	} else {
		err = os.WriteFile(file, out, 0o666)
	}
	if err != nil {
		return fail("%v", err)
	}
	if code != 0 || len(errs) > 0 {
		return 1
	}
	return 0
}

// moduleRoot returns the directory of the main module (go env GOMOD), or
// the working directory outside a module.
func moduleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if gomod := strings.TrimSpace(string(out)); err == nil && gomod != "" && gomod != os.DevNull {
		return filepath.Dir(gomod), nil
	}
	return os.Getwd()
}

// SARIF 2.1.0, the subset mcpvet writes
// (https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-v2.1.0.html).
type (
	sarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool               sarifTool                   `json:"tool"`
		OriginalURIBaseIDs map[string]sarifArtifactLoc `json:"originalUriBaseIds,omitempty"`
		Results            []sarifResult               `json:"results"`
		Invocations        []sarifInvocation           `json:"invocations,omitempty"`
		ColumnKind         string                      `json:"columnKind,omitempty"`
		Language           string                      `json:"language"`
		NewlineSequences   []string                    `json:"newlineSequences"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name           string      `json:"name"`
		InformationURI string      `json:"informationUri,omitempty"`
		Language       string      `json:"language"`
		Rules          []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID               string       `json:"id"`
		Name             string       `json:"name,omitempty"`
		ShortDescription sarifMessage `json:"shortDescription"`
		FullDescription  sarifMessage `json:"fullDescription"`
		Help             sarifMessage `json:"help"`
		HelpURI          string       `json:"helpUri,omitempty"`
		DefaultConfig    struct {
			Level string `json:"level"`
		} `json:"defaultConfiguration"`
	}
	sarifMessage struct {
		Text string `json:"text"`
	}
	sarifResult struct {
		RuleID           string            `json:"ruleId"`
		RuleIndex        int               `json:"ruleIndex"`
		Level            string            `json:"level"`
		Message          sarifMessage      `json:"message"`
		Locations        []sarifLocation   `json:"locations"`
		RelatedLocations []sarifLocation   `json:"relatedLocations,omitempty"`
		Fixes            []sarifFix        `json:"fixes,omitempty"`
		Properties       map[string]string `json:"properties,omitempty"`
		// The baseline fingerprint (internal/baseline), which survives
		// moved lines.
		PartialFingerprints map[string]string `json:"partialFingerprints,omitempty"`
	}
	sarifLocation struct {
		ID               *int             `json:"id,omitempty"`
		PhysicalLocation sarifPhysicalLoc `json:"physicalLocation"`
		Message          *sarifMessage    `json:"message,omitempty"`
	}
	sarifPhysicalLoc struct {
		ArtifactLocation sarifArtifactLoc `json:"artifactLocation"`
		Region           sarifRegion      `json:"region"`
	}
	sarifArtifactLoc struct {
		URI       string `json:"uri"`
		URIBaseID string `json:"uriBaseId,omitempty"`
	}
	sarifRegion struct {
		StartLine   int  `json:"startLine,omitempty"`
		StartColumn int  `json:"startColumn,omitempty"`
		EndLine     int  `json:"endLine,omitempty"`
		EndColumn   int  `json:"endColumn,omitempty"`
		ByteOffset  *int `json:"byteOffset,omitempty"`
		ByteLength  *int `json:"byteLength,omitempty"`
	}
	sarifFix struct {
		Description     sarifMessage          `json:"description"`
		ArtifactChanges []sarifArtifactChange `json:"artifactChanges"`
	}
	sarifArtifactChange struct {
		ArtifactLocation sarifArtifactLoc   `json:"artifactLocation"`
		Replacements     []sarifReplacement `json:"replacements"`
	}
	sarifReplacement struct {
		DeletedRegion   sarifRegion   `json:"deletedRegion"`
		InsertedContent *sarifMessage `json:"insertedContent,omitempty"`
	}
	sarifInvocation struct {
		ExecutionSuccessful bool                `json:"executionSuccessful"`
		Notifications       []sarifNotification `json:"toolExecutionNotifications,omitempty"`
	}
	sarifNotification struct {
		Level   string       `json:"level"`
		Message sarifMessage `json:"message"`
	}
)

// jsonDiagnostic is one diagnostic of the -json output
// (golang.org/x/tools/internal/analysis/driverutil.JSONDiagnostic).
type jsonDiagnostic struct {
	Category       string `json:"category"`
	Posn           string `json:"posn"`
	End            string `json:"end"`
	Message        string `json:"message"`
	SuggestedFixes []struct {
		Message string `json:"message"`
		Edits   []struct {
			Filename string `json:"filename"`
			Start    int    `json:"start"`
			End      int    `json:"end"`
			New      string `json:"new"`
		} `json:"edits"`
	} `json:"suggested_fixes"`
	Related []struct {
		Posn    string `json:"posn"`
		End     string `json:"end"`
		Message string `json:"message"`
	} `json:"related"`
}

// toSARIF converts the -json output (a stream of {pkg: {analyzer: [...]}}
// objects) into a SARIF log with one rule per analyzer of suite, and
// returns the analyzer errors it holds.
func toSARIF(out []byte, root string, suite []*analysis.Analyzer) (*sarifLog, []string, error) {
	driver := sarifDriver{Name: "mcpvet", InformationURI: "https://github.com/mcpvet/mcpvet", Language: "en-US"}
	ruleIndex := make(map[string]int)
	for i, a := range suite {
		title, body, _ := strings.Cut(a.Doc, "\n")
		r := sarifRule{
			ID:               a.Name,
			Name:             a.Name,
			ShortDescription: sarifMessage{title},
			FullDescription:  sarifMessage{strings.TrimSpace(body)},
			Help:             sarifMessage{a.Doc},
			HelpURI:          a.URL,
		}
		if r.FullDescription.Text == "" {
			r.FullDescription.Text = title
		}
		r.DefaultConfig.Level = "warning"
		driver.Rules = append(driver.Rules, r)
		ruleIndex[a.Name] = i
	}

	var results []sarifResult
	seen := make(map[string]bool) // a file in a package and its test variant reports twice
	errs, err := eachDiagnostics(out, func(pkg, name string, diags []jsonDiagnostic) {
		idx, ok := ruleIndex[name]
		if !ok {
			return // not a check (mcpvet_config reports nothing)
		}
		for _, d := range diags {
			key := name + "\x00" + d.Posn + "\x00" + d.Message
			if seen[key] {
				continue
			}
			seen[key] = true
			results = append(results, result(name, idx, d, root))
		}
	})
	if err != nil {
		return nil, nil, err
	}
	inv := sarifInvocation{ExecutionSuccessful: len(errs) == 0}
	for _, e := range errs {
		inv.Notifications = append(inv.Notifications, sarifNotification{Level: "error", Message: sarifMessage{e}})
	}
	if results == nil {
		results = []sarifResult{}
	}
	rootURI := (&url.URL{Scheme: "file", Path: filepath.ToSlash(root) + "/"}).String()
	return &sarifLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs: []sarifRun{{
			Tool:               sarifTool{driver},
			OriginalURIBaseIDs: map[string]sarifArtifactLoc{"%SRCROOT%": {URI: rootURI}},
			Results:            results,
			Invocations:        []sarifInvocation{inv},
			ColumnKind:         "unicodeCodePoints",
			Language:           "en-US",
			NewlineSequences:   []string{"\r\n", "\n"},
		}},
	}, errs, nil
}

func result(name string, idx int, d jsonDiagnostic, root string) sarifResult {
	r := sarifResult{
		RuleID:    name,
		RuleIndex: idx,
		Level:     "warning",
		Message:   sarifMessage{d.Message},
		Locations: []sarifLocation{location(d.Posn, d.End, root)},
	}
	if d.Category != "" {
		r.Properties = map[string]string{"category": d.Category}
	}
	if fp := fingerprint(name, d.Posn, d.Message); fp != "" {
		r.PartialFingerprints = map[string]string{"mcpvetFingerprint/v2": fp}
	}
	for i, rel := range d.Related {
		loc := location(rel.Posn, rel.End, root)
		id := i + 1
		loc.ID = &id
		loc.Message = &sarifMessage{rel.Message}
		r.RelatedLocations = append(r.RelatedLocations, loc)
	}
	for _, f := range d.SuggestedFixes {
		fix := sarifFix{Description: sarifMessage{f.Message}}
		byFile := make(map[string]int)
		for _, e := range f.Edits {
			i, ok := byFile[e.Filename]
			if !ok {
				i = len(fix.ArtifactChanges)
				byFile[e.Filename] = i
				fix.ArtifactChanges = append(fix.ArtifactChanges, sarifArtifactChange{ArtifactLocation: artifact(e.Filename, root)})
			}
			off, n := e.Start, e.End-e.Start
			fix.ArtifactChanges[i].Replacements = append(fix.ArtifactChanges[i].Replacements, sarifReplacement{
				DeletedRegion:   sarifRegion{ByteOffset: &off, ByteLength: &n},
				InsertedContent: &sarifMessage{e.New},
			})
		}
		r.Fixes = append(r.Fixes, fix)
	}
	return r
}

// location converts a "file:line:col" span.
func location(posn, end, root string) sarifLocation {
	file, line, col := splitPosn(posn)
	_, eline, ecol := splitPosn(end)
	reg := sarifRegion{StartLine: line, StartColumn: col}
	if eline > 0 && (eline > line || eline == line && ecol > col) {
		reg.EndLine, reg.EndColumn = eline, ecol
	}
	return sarifLocation{PhysicalLocation: sarifPhysicalLoc{ArtifactLocation: artifact(file, root), Region: reg}}
}

// artifact returns file relative to root (with uriBaseId %SRCROOT%), or
// as a file URI when it lies outside root.
func artifact(file, root string) sarifArtifactLoc {
	if rel, err := filepath.Rel(root, file); err == nil && filepath.IsAbs(file) && !strings.HasPrefix(rel, "..") {
		return sarifArtifactLoc{URI: (&url.URL{Path: filepath.ToSlash(rel)}).String(), URIBaseID: "%SRCROOT%"}
	}
	if filepath.IsAbs(file) {
		return sarifArtifactLoc{URI: (&url.URL{Scheme: "file", Path: filepath.ToSlash(file)}).String()}
	}
	return sarifArtifactLoc{URI: (&url.URL{Path: filepath.ToSlash(file)}).String()}
}

// splitPosn splits "file:line:col" (file may contain colons).
func splitPosn(posn string) (file string, line, col int) {
	i := strings.LastIndexByte(posn, ':')
	if i < 0 {
		return posn, 0, 0
	}
	j := strings.LastIndexByte(posn[:i], ':')
	if j < 0 {
		return posn, 0, 0
	}
	line, err1 := strconv.Atoi(posn[j+1 : i])
	col, err2 := strconv.Atoi(posn[i+1:])
	if err1 != nil || err2 != nil {
		return posn, 0, 0
	}
	return posn[:j], line, col
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
