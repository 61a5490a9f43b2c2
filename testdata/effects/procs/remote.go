package procs

import (
	"fmt"

	"golang.org/x/crypto/ssh"
)

// Commands run on a remote host over SSH: the command line is a shell's.

// Uptime reads the remote host's uptime.
func Uptime(client *ssh.Client) ([]byte, error) { // ok: uptime
	session, err := client.NewSession()
	if err != nil {
		return nil, err
	}
	defer session.Close()
	return session.Output("uptime")
}

// RunIn runs a command the caller gives in a directory.
func RunIn(client *ssh.Client, dir, command string) ([]byte, error) { // want RunIn:`effect\(process run: \(\*ssh.Session\).CombinedOutput\)`
	session, err := client.NewSession()
	if err != nil {
		return nil, err
	}
	defer session.Close()
	return session.CombinedOutput(fmt.Sprintf("cd %s && %s", dir, command))
}

// Restart restarts a service.
func Restart(client *ssh.Client) error { // want Restart:`effect\(process run`
	session, err := client.NewSession()
	if err != nil {
		return err
	}
	defer session.Close()
	return session.Run("systemctl restart nginx")
}
