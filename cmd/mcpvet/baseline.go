package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/mcpvet/mcpvet/analyzer"
	"github.com/mcpvet/mcpvet/internal/baseline"
	"github.com/mcpvet/mcpvet/passes/config"
)

// valueArg reports whether args hold -NAME FILE or -NAME=FILE (before any
// "--"), and returns the value and the other arguments.
func valueArg(args []string, name string) (val string, rest []string, ok bool) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			rest = append(rest, args[i:]...)
			break
		}
		n, v, hasVal := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-"), "=")
		if !strings.HasPrefix(a, "-") || n != name {
			rest = append(rest, a)
			continue
		}
		ok = true
		if !hasVal && i+1 < len(args) {
			i++
			v = args[i]
		}
		val = v
	}
	return val, rest, ok
}

// records are the reporter's records of the last child run
// (baseline.RecordEnv), read by runSARIF and runWriteBaseline.
var records []baseline.Record

// recordChild makes the child write records to a temporary file; done
// reads them into records (finish then lists the baseline entries that no
// longer occur).
func recordChild(cmd *exec.Cmd) (done func()) {
	f, err := os.CreateTemp("", "mcpvet-records-*.jsonl")
	if err != nil {
		return func() {}
	}
	f.Close()
	cmd.Env = append(cmd.Env, baseline.RecordEnv+"="+f.Name())
	return func() {
		defer os.Remove(f.Name())
		records, _ = baseline.ReadRecords(f.Name())
	}
}

// finish lists the baseline entries that no longer occur on standard
// error, after the findings, and returns code.
func finish(code int) int {
	reportStale(records)
	return code
}

// reportStale prints, per baseline file, the recorded findings that were
// judged (their package was analyzed by their check) and matched nothing.
func reportStale(recs []baseline.Record) {
	for _, s := range staleEntries(recs) {
		fmt.Fprintln(os.Stderr, s)
	}
}

// staleEntries returns, per baseline file, a message listing its recorded
// findings that no longer occur.
func staleEntries(recs []baseline.Record) []string {
	var msgs []string
	judged := make(map[string]map[string]bool) // baseline -> fingerprints
	matched := make(map[string]bool)
	for _, r := range recs {
		switch r.Kind {
		case "judged":
			if judged[r.Baseline] == nil {
				judged[r.Baseline] = make(map[string]bool)
			}
			judged[r.Baseline][r.Fingerprint] = true
		case "matched":
			matched[r.Baseline+"\x00"+r.Fingerprint] = true
		}
	}
	for _, file := range sortedKeys(judged) {
		set, err := baseline.Load(file)
		if err != nil {
			continue
		}
		var lines []string
		for fp := range judged[file] {
			if matched[file+"\x00"+fp] {
				continue
			}
			e := set.Entries[fp]
			where := e.Package
			if e.Func != "" {
				where += "." + e.Func
			}
			lines = append(lines, fmt.Sprintf("\t%s %s %s: %s", fp, e.Check, where, e.Message))
		}
		if len(lines) == 0 {
			continue
		}
		sort.Strings(lines)
		msgs = append(msgs, fmt.Sprintf("mcpvet: baseline %s: %d recorded findings no longer occur (mcpvet -write-baseline %s ./... drops them):\n%s",
			displayPath(file), len(lines), displayPath(file), strings.Join(lines, "\n")))
	}
	return msgs
}

// runWriteBaseline runs the checks with args and records every finding
// in file. It writes nothing and exits 1 when a package does not load or
// an analyzer fails.
func runWriteBaseline(file string, args []string) int {
	fail := func(format string, a ...any) int {
		fmt.Fprintf(os.Stderr, "mcpvet: "+format+"\n", a...)
		return 1
	}
	if file == "" {
		return fail("-write-baseline needs a file name")
	}
	for _, a := range args {
		switch strings.TrimLeft(a, "-") {
		case "fix", "json", "diff":
			return fail("-write-baseline cannot be combined with %s", a)
		}
	}
	var stdout bytes.Buffer
	// Record every finding, including those an existing baseline drops.
	code := runChild(append([]string{"-json", "-mcpvet_config.baseline=none"}, args...), &stdout)
	if code != 0 {
		return code
	}
	_, errs, err := toSARIF(stdout.Bytes(), "", analyzer.Suite)
	if err != nil {
		return fail("reading the -json output: %v", err)
	}
	if len(errs) > 0 {
		for _, e := range errs {
			fmt.Fprintln(os.Stderr, "mcpvet: "+e)
		}
		return fail("baseline %s not written", file)
	}
	seen := make(map[string]bool) // a package and its test variant report a finding twice
	var entries []baseline.Entry
	for _, r := range records {
		if r.Kind != "found" || seen[r.Fingerprint+"\x00"+r.Posn] {
			continue
		}
		seen[r.Fingerprint+"\x00"+r.Posn] = true
		entries = append(entries, baseline.Entry{Fingerprint: r.Fingerprint, Check: r.Check, Category: r.Category, Package: r.Package,
			Func: r.Func, Tool: baseline.ToolName(r.Message), Message: r.Message, Count: 1})
	}
	if err := os.WriteFile(file, baseline.Marshal(entries), 0o666); err != nil {
		return fail("%v", err)
	}
	fmt.Fprintf(os.Stderr, "mcpvet: wrote %d findings to baseline %s\n", len(entries), file)
	return 0
}

// fingerprint returns the fingerprint the child recorded for a finding of
// check at posn with message, or "".
func fingerprint(check, posn, message string) string {
	if fingerprints == nil {
		fingerprints = make(map[string]string)
		for _, r := range records {
			if r.Kind == "found" {
				fingerprints[r.Check+"\x00"+r.Posn+"\x00"+r.Message] = r.Fingerprint
			}
		}
	}
	return fingerprints[check+"\x00"+posn+"\x00"+message]
}

var fingerprints map[string]string

func displayPath(p string) string {
	if wd, err := os.Getwd(); err == nil {
		if rel, err := relPath(wd, p); err == nil {
			return rel
		}
	}
	return p
}

func relPath(base, p string) (string, error) {
	rel, err := filepath.Rel(base, p)
	if err != nil || strings.HasPrefix(rel, "..") {
		return "", fmt.Errorf("outside")
	}
	return rel, nil
}

// configError returns the error of a check's "NAME: error" line when it
// is a configuration file or baseline error, else "".
func configError(line string) string {
	name, rest, ok := strings.Cut(line, ": ")
	if !ok || !strings.Contains(rest, config.FileName+":") && !strings.HasPrefix(rest, "baseline") {
		return ""
	}
	for _, a := range analyzer.All() {
		if a.Name == name {
			return rest
		}
	}
	return ""
}
