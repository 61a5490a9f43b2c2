package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// textArgs reports whether args ask for the default text output (no
// -json, -fix, -flags, -V or help), and returns the number of context
// lines (-c N, -1 when absent) and the arguments without -c.
func textArgs(args []string) (contextLines int, rest []string, ok bool) {
	contextLines = -1
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" || !strings.HasPrefix(a, "-") {
			if len(rest) == 0 && a == "help" {
				return 0, nil, false
			}
			rest = append(rest, args[i:]...)
			break
		}
		name, val, hasVal := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-"), "=")
		switch name {
		case "json", "fix", "diff", "flags", "V", "h", "help":
			return 0, nil, false
		case "c":
			if !hasVal && i+1 < len(args) {
				i++
				val = args[i]
			}
			n, err := strconv.Atoi(val)
			if err != nil {
				return 0, nil, false // let the flag package word the error
			}
			contextLines = n
			continue
		}
		rest = append(rest, a)
	}
	return contextLines, rest, true
}

// runText runs this command again with -json and the given arguments and
// prints its findings on standard error, one a line in file and line
// order across packages and checks, each followed by the check's name in
// parentheses (as golangci-lint does) and by its related positions on
// indented lines. The exit code is the driver's: 1 if a package did not
// load or an analyzer failed, 3 if there are findings, 0 otherwise.
func runText(contextLines int, args []string) int {
	var stdout bytes.Buffer
	code := runChild(append([]string{"-json"}, args...), &stdout)
	fs, errs, err := textFindings(stdout.Bytes())
	if err != nil {
		if code == 0 {
			fmt.Fprintf(os.Stderr, "mcpvet: reading the -json output: %v\n", err)
			return 1
		}
		return code // the child has said why
	}
	wd, _ := os.Getwd()
	seenErr := make(map[string]bool)
	for _, e := range errs {
		code = max(code, 1)
		// As errorFilter: these only repeat a package error printed already.
		if strings.HasSuffix(e, ": analysis skipped due to errors in package") || strings.Contains(e, ": failed prerequisites: ") {
			continue
		}
		if _, rest, _ := strings.Cut(e, ": "); configError(rest) != "" {
			// A bad .mcpvet.yaml fails every check of every package alike.
			if e = "mcpvet: " + configError(rest); seenErr[e] {
				continue
			}
			seenErr[e] = true
		}
		fmt.Fprintln(os.Stderr, e)
	}
	printText(os.Stderr, fs, wd, contextLines)
	if len(fs) > 0 {
		code = max(code, 3)
	}
	return code
}

// textFinding is one diagnostic of one check.
type textFinding struct {
	check string
	d     jsonDiagnostic
	file  string
	line  int
	col   int
}

// eachDiagnostics calls f with the diagnostics of each package and
// analyzer of the driver's -json output (a stream of {pkg: {analyzer:
// [...]}} objects), in sorted order, and returns the analyzer errors the
// output holds.
func eachDiagnostics(out []byte, f func(pkg, name string, diags []jsonDiagnostic)) ([]string, error) {
	var errs []string
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var tree map[string]map[string]json.RawMessage
		if err := dec.Decode(&tree); err == io.EOF {
			break
		} else if err != nil {
			return nil, err
		}
		for _, pkg := range sortedKeys(tree) {
			for _, name := range sortedKeys(tree[pkg]) {
				raw := tree[pkg][name]
				var diags []jsonDiagnostic
				if err := json.Unmarshal(raw, &diags); err != nil {
					var e struct {
						Error string `json:"error"`
					}
					if json.Unmarshal(raw, &e) == nil && e.Error != "" {
						errs = append(errs, fmt.Sprintf("%s: %s: %s", pkg, name, e.Error))
						continue
					}
					return nil, fmt.Errorf("%s: %s: %v", pkg, name, err)
				}
				f(pkg, name, diags)
			}
		}
	}
	return errs, nil
}

// textFindings reads the -json output (a stream of {pkg: {analyzer:
// [...]}} objects) and returns its findings, without the duplicates that
// a file in a package and its test variant give, sorted by file, line,
// column, check and message; and the analyzer errors it holds.
func textFindings(out []byte) ([]textFinding, []string, error) {
	var fs []textFinding
	seen := make(map[string]bool)
	errs, err := eachDiagnostics(out, func(pkg, name string, diags []jsonDiagnostic) {
		for _, d := range diags {
			key := name + "\x00" + d.Posn + "\x00" + d.End + "\x00" + d.Message
			if seen[key] {
				continue
			}
			seen[key] = true
			file, line, col := splitPosn(d.Posn)
			fs = append(fs, textFinding{name, d, file, line, col})
		}
	})
	if err != nil {
		return nil, nil, err
	}
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		if a.file != b.file {
			return a.file < b.file
		}
		if a.line != b.line {
			return a.line < b.line
		}
		if a.col != b.col {
			return a.col < b.col
		}
		if a.check != b.check {
			return a.check < b.check
		}
		return a.d.Message < b.d.Message
	})
	return fs, errs, nil
}

// printText writes the findings, with paths relative to wd when they lie
// under it, and contextLines lines of source around each position when
// contextLines >= 0 (the driver's -c flag).
func printText(w io.Writer, fs []textFinding, wd string, contextLines int) {
	files := make(map[string][]string)
	source := func(posn, end string) {
		if contextLines < 0 {
			return
		}
		file, line, _ := splitPosn(posn)
		_, eline, _ := splitPosn(end)
		if eline < line {
			eline = line
		}
		lines, ok := files[file]
		if !ok {
			data, _ := os.ReadFile(file)
			lines = strings.Split(string(data), "\n")
			files[file] = lines
		}
		for i := line - contextLines; i <= eline+contextLines; i++ {
			if 1 <= i && i <= len(lines) {
				fmt.Fprintf(w, "%d\t%s\n", i, lines[i-1])
			}
		}
	}
	for _, f := range fs {
		fmt.Fprintf(w, "%s: %s (%s)\n", relPosn(f.d.Posn, wd), f.d.Message, f.check)
		source(f.d.Posn, f.d.End)
		for _, r := range f.d.Related {
			fmt.Fprintf(w, "%s: \t%s\n", relPosn(r.Posn, wd), r.Message)
			source(r.Posn, r.End)
		}
	}
}

// relPosn makes the file of a "file:line:col" position relative to wd
// when it lies under it.
func relPosn(posn, wd string) string {
	file, line, col := splitPosn(posn)
	if wd == "" || !filepath.IsAbs(file) || line == 0 {
		return posn
	}
	rel, err := filepath.Rel(wd, file)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return posn
	}
	return fmt.Sprintf("%s:%d:%d", rel, line, col)
}
