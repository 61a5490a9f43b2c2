package procs

import (
	"bytes"
	"fmt"
	"os/exec"
	"strings"
)

// A text protocol through a relay: socat passes its standard input on
// to a socket (HAProxy's runtime API), so the text decides what the run
// does, not socat's arguments (the addresses).

// runtimeCommand sends one command line through socat, found on PATH.
func runtimeCommand(socket, command string) (string, error) { // want runtimeCommand:`effect\(process run: \(\*os/exec.Cmd\).Run \[socat words\(\$2\)...\]\)`
	socat, err := exec.LookPath("socat")
	if err != nil {
		return "", err
	}
	cmd := exec.Command(socat, "unix-connect:"+socket, "stdio")
	cmd.Stdin = bytes.NewBufferString(command + "\n")
	var out bytes.Buffer
	cmd.Stdout = &out
	err = cmd.Run()
	return out.String(), err
}

// ShowStat reads the statistics.
func ShowStat(socket string) (string, error) { // ok: show stat
	return runtimeCommand(socket, "show stat")
}

// ShowStatOf reads the statistics, filtered when asked.
func ShowStatOf(socket, filter string) (string, error) { // ok: show stat [filter]
	cmd := "show stat"
	if filter != "" {
		cmd = fmt.Sprintf("%s %s", cmd, filter)
	}
	return runtimeCommand(socket, cmd)
}

// DisableServer puts a server in maintenance.
func DisableServer(socket, backend, server string) error { // want DisableServer:`effect\(process run: \(\*os/exec.Cmd\).Run via procs.runtimeCommand\)`
	_, err := runtimeCommand(socket, fmt.Sprintf("set server %s/%s state maint", backend, server))
	return err
}

// relayLine sends a constant command through nc.
func relayLine() error { // want relayLine:`effect\(process run`
	cmd := exec.Command("nc", "localhost", "9999")
	cmd.Stdin = strings.NewReader("add map /etc/map key value\n")
	return cmd.Run()
}

// relayRead sends a constant read through nc.
func relayRead() ([]byte, error) { // ok: show info
	cmd := exec.Command("nc", "localhost", "9999")
	cmd.Stdin = strings.NewReader("show info\n")
	return cmd.Output()
}

// relayNoInput runs nc without a known input: as any unknown binary.
func relayNoInput() error { // want relayNoInput:`effect\(process run`
	return exec.Command("nc", "-l", "9999").Run()
}

// verbCommand sends a command whose words are its parameters.
func verbCommand(socket, verb, what string) error { // want verbCommand:`effect\(process run: \(\*os/exec.Cmd\).Run \[socat \$2...\]\)`
	_, err := runtimeCommand(socket, fmt.Sprintf("%s %s", verb, what))
	return err
}

// ShowInfo reads through verbCommand.
func ShowInfo(socket string) error { // ok: show info
	return verbCommand(socket, "show", "info")
}

// ClearCounters writes through verbCommand.
func ClearCounters(socket string) error { // want ClearCounters:`effect\(process run: \(\*os/exec.Cmd\).Run via procs.verbCommand\)`
	return verbCommand(socket, "clear", "counters")
}

// commandFunc is a function value standing for exec.Command.
var commandFunc = exec.Command

// viaFuncValue runs a relay a function value makes (a call whose callee
// is a variable, not a function): the engine's exec.Command call.
func viaFuncValue() error { // ok: show info
	cmd := commandFunc("socat", "-", "tcp:localhost:9999")
	cmd.Stdin = strings.NewReader("show info\n")
	return cmd.Run()
}

// line makes the reader of one command line.
func line(command string) *bytes.Buffer { return bytes.NewBufferString(command + "\n") }

// withFilter appends a filter to a command.
func withFilter(cmd, filter string) string { return fmt.Sprintf("%s %s", cmd, filter) }

// helperCommand sends the command line a helper made the reader of.
func helperCommand(command string) error { // want helperCommand:`effect\(process run: \(\*os/exec.Cmd\).Run \[socat words\(\$1\)...\]\)`
	cmd := exec.Command("socat", "-", "unix-connect:/run/lb.sock")
	cmd.Stdin = line(command)
	return cmd.Run()
}

// ShowStatHelped reads, filtered by a helper.
func ShowStatHelped(filter string) error { // ok: show stat [filter]
	cmd := "show stat"
	if filter != "" {
		cmd = withFilter(cmd, filter)
	}
	return helperCommand(cmd)
}

// ClearHelped writes through the helper.
func ClearHelped() error { // want ClearHelped:`effect\(process run: \(\*os/exec.Cmd\).Run via procs.helperCommand\)`
	return helperCommand("clear counters all")
}
