// Package action is a stub of helm.sh/helm/v4/pkg/action: the actions'
// constructors and Run methods, with helm's signatures.
package action

import "io"

type Configuration struct{}

type Release struct{ Name string }

type Install struct{ ReleaseName string }

func NewInstall(*Configuration) *Install                             { return &Install{} }
func (*Install) Run(chrt any, vals map[string]any) (*Release, error) { return nil, nil }

type Upgrade struct{}

func NewUpgrade(*Configuration) *Upgrade                                          { return &Upgrade{} }
func (*Upgrade) Run(name string, chrt any, vals map[string]any) (*Release, error) { return nil, nil }

type Package struct{ Destination string }

func NewPackage() *Package                                            { return &Package{} }
func (*Package) Run(path string, vals map[string]any) (string, error) { return "", nil }

type Pull struct{ DestDir string }

type PullOpt func(*Pull)

func WithConfig(*Configuration) PullOpt           { return nil }
func NewPull(opts ...PullOpt) *Pull               { return &Pull{} }
func (*Pull) Run(chartRef string) (string, error) { return "", nil }

type Push struct{}

type PushOpt func(*Push)

func NewPushWithOpts(opts ...PushOpt) *Push               { return &Push{} }
func (*Push) Run(chartRef, remote string) (string, error) { return "", nil }

type RegistryLogin struct{}

type RegistryLoginOpt func(*RegistryLogin) error

func NewRegistryLogin(*Configuration) *RegistryLogin { return &RegistryLogin{} }
func (*RegistryLogin) Run(out io.Writer, hostname, username, password string, opts ...RegistryLoginOpt) error {
	return nil
}

type RegistryLogout struct{}

func NewRegistryLogout(*Configuration) *RegistryLogout           { return &RegistryLogout{} }
func (*RegistryLogout) Run(out io.Writer, hostname string) error { return nil }

type ReleaseTesting struct{}

func NewReleaseTesting(*Configuration) *ReleaseTesting { return &ReleaseTesting{} }
func (*ReleaseTesting) Run(name string) (*Release, func() error, error) {
	return nil, nil, nil
}

type Status struct{}

func NewStatus(*Configuration) *Status            { return &Status{} }
func (*Status) Run(name string) (*Release, error) { return nil, nil }

type Lint struct{}

type LintResult struct{ Messages []string }

func NewLint() *Lint                                              { return &Lint{} }
func (*Lint) Run(paths []string, vals map[string]any) *LintResult { return nil }
