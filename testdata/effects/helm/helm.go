// Package helm drives helm's actions: installing, testing, packaging,
// pulling, pushing and logging in write; status and lint only read.
package helm

import (
	"os"

	"helm.sh/helm/v4/pkg/action"
)

func Package(path, dest string) (string, error) { // want Package:`effect\(file write: \(\*action.Package\).Run\)`
	p := action.NewPackage()
	p.Destination = dest
	return p.Run(path, nil)
}

func Pull(cfg *action.Configuration, ref string) (string, error) { // want Pull:`effect\(file write: \(\*action.Pull\).Run\)`
	return action.NewPull(action.WithConfig(cfg)).Run(ref)
}

func Push(path, remote string) (string, error) { // want Push:`effect\(remote mutation: \(\*action.Push\).Run\)`
	return action.NewPushWithOpts().Run(path, remote)
}

func Login(cfg *action.Configuration, host, user, pass string) error { // want Login:`effect\(file write: \(\*action.RegistryLogin\).Run\)`
	return action.NewRegistryLogin(cfg).Run(os.Stderr, host, user, pass)
}

func Logout(cfg *action.Configuration, host string) error { // want Logout:`effect\(file write: \(\*action.RegistryLogout\).Run\)`
	return action.NewRegistryLogout(cfg).Run(os.Stderr, host)
}

func Test(cfg *action.Configuration, name string) error { // want Test:`effect\(Kubernetes write: \(\*action.ReleaseTesting\).Run\)`
	_, shutdown, err := action.NewReleaseTesting(cfg).Run(name)
	if shutdown != nil {
		defer shutdown()
	}
	return err
}

// Status and Lint read: no fact.
func Status(cfg *action.Configuration, name string) (string, error) {
	r, err := action.NewStatus(cfg).Run(name)
	if err != nil {
		return "", err
	}
	return r.Name, nil
}

func Lint(paths []string) []string {
	return action.NewLint().Run(paths, nil).Messages
}
