package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
)

// childEnv marks the child process that runs multichecker.Main.
const childEnv = "MCPVET_CHILD"

// runChild runs this command as a child with args, its standard output
// going to stdout and its standard error through errorFilter, and returns
// its exit code.
func runChild(args []string, stdout io.Writer) int {
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintf(os.Stderr, "mcpvet: %v\n", err)
		return 1
	}
	cmd := exec.Command(self, args...)
	cmd.Env = append(os.Environ(), childEnv+"=1")
	defer recordChild(cmd)()
	cmd.Stdin, cmd.Stdout = os.Stdin, stdout
	stderr, err := cmd.StderrPipe()
	if err != nil {
		fmt.Fprintf(os.Stderr, "mcpvet: %v\n", err)
		return 1
	}
	if err := cmd.Start(); err != nil {
		fmt.Fprintf(os.Stderr, "mcpvet: %v\n", err)
		return 1
	}
	errorFilter(stderr, os.Stderr)
	if err := cmd.Wait(); err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) && exit.ExitCode() >= 0 {
			return exit.ExitCode()
		}
		fmt.Fprintf(os.Stderr, "mcpvet: %v\n", err)
		return 1
	}
	return 0
}

// errorFilter copies the child's standard error to w, dropping the lines
// that only repeat a package error already printed ("analysis skipped due
// to errors in package", "failed prerequisites"), joining the go command's
// "; to add it:" hint onto one line, and naming mcpvet in errors that have
// no position.
func errorFilter(r io.Reader, w io.Writer) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 16<<20)
	var pending string // a line that ends in "; to add it:"
	seenConfigErr := make(map[string]bool)
	flush := func() {
		if pending != "" {
			fmt.Fprintln(w, pending)
			pending = ""
		}
	}
	for sc.Scan() {
		line := sc.Text()
		if pending != "" && strings.HasPrefix(line, "\t") {
			fmt.Fprintln(w, pending+" "+strings.TrimSpace(line))
			pending = ""
			continue
		}
		flush()
		switch {
		case strings.HasSuffix(line, ": analysis skipped due to errors in package"),
			strings.Contains(line, ": failed prerequisites: "):
			continue
		case strings.HasPrefix(line, "-: "):
			line = "mcpvet: " + strings.TrimPrefix(line, "-: ")
		case configError(line) != "":
			// A bad configuration file fails every check of every package alike.
			line = "mcpvet: " + configError(line)
			if seenConfigErr[line] {
				continue
			}
			seenConfigErr[line] = true
		case strings.HasPrefix(line, "flag provided but not defined: "),
			strings.HasPrefix(line, "invalid value "),
			strings.HasPrefix(line, "invalid boolean "),
			strings.HasPrefix(line, "bad flag syntax: "):
			line = "mcpvet: " + line + " (mcpvet -h lists the flags)"
		}
		if strings.HasSuffix(line, "; to add it:") {
			pending = line
			continue
		}
		fmt.Fprintln(w, line)
	}
	flush()
}

// quietUsage makes a bad flag print only the flag package's one-line
// error: the full list of flags is printed only for -h or -help.
func quietUsage(args []string) {
	help := false
	for _, a := range args {
		switch strings.TrimLeft(a, "-") {
		case "h", "help":
			help = help || strings.HasPrefix(a, "-")
		}
		if a == "--" {
			break
		}
	}
	if help {
		return
	}
	flag.Usage = func() {}
}
