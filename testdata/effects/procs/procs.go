// Package procs runs processes: command lines chosen by the caller, a
// configured binary, shells and a command builder.
package procs

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// Run runs the caller's command line: each call site decides.
func Run(ctx context.Context, name string, args ...string) ([]byte, error) { // want Run:`effect\(process run: \(\*os/exec.Cmd\).Output \[\$2 \$3...\]\)`
	return exec.CommandContext(ctx, name, args...).Output()
}

// Kubectl runs kubectl with the caller's arguments.
func Kubectl(ctx context.Context, args []string) error { // want Kubectl:`effect\(process run: \(\*os/exec.Cmd\).Run \[kubectl \$2...\]\)`
	cmd := exec.CommandContext(ctx, "kubectl", args...)
	return cmd.Run()
}

// Helm runs helm with a context flag and the caller's subcommand.
func Helm(ctx context.Context, kubeContext string, args ...string) ([]byte, error) { // want Helm:`effect\(process run: .* \[helm --kube-context \? \$3...\]\)`
	return exec.CommandContext(ctx, "helm", append([]string{"--kube-context", kubeContext}, args...)...).Output()
}

// KubectlGet is a read whatever the resource: the subcommand is constant.
func KubectlGet(ctx context.Context, resource, name string) ([]byte, error) { // ok: kubectl get
	return Run(ctx, "kubectl", "get", resource, name, "-o", "json")
}

// KubectlDelete deletes.
func KubectlDelete(ctx context.Context, resource, name string) error { // want KubectlDelete:`effect\(process run: \(\*os/exec.Cmd\).Output via procs.Run\)`
	_, err := Run(ctx, "kubectl", "delete", resource, name)
	return err
}

// Docker runs a configured docker binary.
type Docker struct{ bin string }

func (d *Docker) Ps(ctx context.Context) ([]byte, error) { // ok: a read verb of a binary chosen at run time
	return exec.CommandContext(ctx, d.bin, "ps", "-a").Output()
}

func (d *Docker) RunImage(ctx context.Context, image string) ([]byte, error) { // want RunImage:`effect\(process run: \(\*os/exec.Cmd\).Output\)`
	return exec.CommandContext(ctx, d.bin, "run", "--rm", "-d", image).Output()
}

// Exec runs the docker binary with the caller's arguments.
func (d *Docker) Exec(ctx context.Context, args ...string) ([]byte, error) { // want Exec:`effect\(process run: .* \[\? \$2...\]\)`
	return exec.CommandContext(ctx, d.bin, args...).Output()
}

// Hook runs a configured script path.
func Hook(ctx context.Context, cfg map[string]string) error { // want Hook:`effect\(process run`
	return exec.CommandContext(ctx, cfg["hook"], cfg["arg"]).Run()
}

// ShellRead runs a constant read-only script.
func ShellRead(ctx context.Context) ([]byte, error) { // ok: sh -c "git status --short"
	return exec.CommandContext(ctx, "sh", "-c", "git status --short").Output()
}

// ShellPipe runs a constant script with shell syntax.
func ShellPipe(ctx context.Context) ([]byte, error) { // want ShellPipe:`effect\(process run`
	return exec.CommandContext(ctx, "sh", "-c", "date > /var/run/stamp").Output()
}

// Unknown runs a constant binary not known to be read-only.
func Unknown(ctx context.Context) error { // want Unknown:`effect\(process run`
	return exec.CommandContext(ctx, "shutdown", "-r", "now").Run()
}

// LookedUp runs kubectl found on the PATH.
func LookedUp(ctx context.Context) ([]byte, error) { // ok: kubectl version
	bin, err := exec.LookPath("kubectl")
	if err != nil {
		return nil, err
	}
	return exec.CommandContext(ctx, bin, "version").Output()
}

// TempModule runs go get in a throwaway module.
func TempModule(ctx context.Context, pkg string) error { // ok: a temporary working directory
	dir, err := os.MkdirTemp("", "mod-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	cmd := exec.CommandContext(ctx, "go", "get", pkg)
	cmd.Dir = dir
	return cmd.Run()
}

// GoGet runs go get in the current module.
func GoGet(ctx context.Context, pkg string) error { // want GoGet:`effect\(process run`
	cmd := exec.CommandContext(ctx, "go", "get", pkg)
	cmd.Dir = "."
	return cmd.Run()
}

// ReExec replaces the process with itself.
func ReExec() error { // ok: the program itself
	self, err := os.Executable()
	if err != nil {
		return err
	}
	return syscall.Exec(self, []string{self, "serve"}, os.Environ())
}

// ExecTool replaces the process with a tool.
func ExecTool(tool string) error { // want ExecTool:`effect\(process run: syscall.Exec \[\$1\]\)`
	return syscall.Exec(tool, []string{tool}, os.Environ())
}

// ExecUnix replaces the process with a tool through golang.org/x/sys,
// whose source the passes leave to the tables, as syscall's.
func ExecUnix(tool string) error { // want ExecUnix:`effect\(process run: .*Exec \[\$1\]\)`
	return unix.Exec(tool, []string{tool}, os.Environ())
}

// Builder builds a command line; Execute runs it.
type Builder struct {
	command string
	args    []string
	ns      string
}

func NewBuilder(command string) *Builder { return &Builder{command: command} }

func (b *Builder) WithArgs(args ...string) *Builder {
	b.args = append(b.args, args...)
	return b
}

func (b *Builder) WithNamespace(ns string) *Builder {
	b.ns = ns
	return b
}

func (b *Builder) build() (string, []string) {
	args := append([]string{}, b.args...)
	if b.ns != "" {
		args = append(args, "-n", b.ns)
	}
	return b.command, args
}

func (b *Builder) run(ctx context.Context, command string, args []string) ([]byte, error) { // want run:`effect\(process run: .* \[\$2 \$3...\]\)`
	return exec.CommandContext(ctx, command, args...).CombinedOutput()
}

// Execute runs the line the receiver was built with: each call site decides.
func (b *Builder) Execute(ctx context.Context) ([]byte, error) { // want Execute:`effect\(process run: .* \[recv...\]\)`
	command, args := b.build()
	return b.run(ctx, command, args)
}

// GetPods builds a read.
func GetPods(ctx context.Context, ns string) ([]byte, error) { // ok: kubectl get pods
	return NewBuilder("kubectl").WithArgs("get", "pods").WithNamespace(ns).Execute(ctx)
}

// DeletePod builds a delete.
func DeletePod(ctx context.Context, name string) ([]byte, error) { // want DeletePod:`effect\(process run: .* via \(\*procs.Builder\).Execute\)`
	b := NewBuilder("kubectl").WithArgs("delete", "pod", name)
	if name == "" {
		b = b.WithNamespace("default")
	}
	return b.Execute(ctx)
}

// List runs a grouped read verb with options appended.
func (d *Docker) List(ctx context.Context, all bool) ([]byte, error) { // ok: docker container list
	args := []string{"container", "list"}
	if all {
		args = append(args, "-a")
	}
	return d.Exec(ctx, args...)
}

// Start runs a grouped verb that changes things.
func (d *Docker) Start(ctx context.Context, name string, attach bool) ([]byte, error) { // want Start:`effect\(process run: .* via \(\*procs.Docker\).Exec\)`
	args := []string{"container", "start"}
	if attach {
		args = append(args, "-a")
	}
	return d.Exec(ctx, append(args, name)...)
}

// Tool runs one of two constant read-only commands.
func Tool(ctx context.Context, bsd bool) ([]byte, error) { // ok: lsof or fstat
	listFiles := "lsof"
	if bsd {
		listFiles = "fstat"
	}
	return exec.CommandContext(ctx, listFiles).Output()
}

// Tool2 runs one of a read-only and a mutating command.
func Tool2(ctx context.Context, force bool) ([]byte, error) { // want Tool2:`effect\(process run`
	bin := "lsof"
	if force {
		bin = "reboot"
	}
	return exec.CommandContext(ctx, bin).Output()
}

// selfPath caches the program's own path, with its name on PATH (the
// module's last path element) as the fallback.
var selfPath = func() string {
	p, err := os.Executable()
	if err != nil {
		return "effects"
	}
	return p
}()

// RunSelf runs the program itself through the cached path.
func RunSelf(ctx context.Context, args []string) error { // ok: the program itself
	return exec.CommandContext(ctx, selfPath, args...).Run()
}

// otherPath falls back to another binary.
var otherPath = func() string {
	p, err := os.Executable()
	if err != nil {
		return "kubectl"
	}
	return p
}()

// RunOther may run kubectl.
func RunOther(ctx context.Context, args []string) error { // want RunOther:`effect\(process run`
	return exec.CommandContext(ctx, otherPath, args...).Run()
}

// runCmd runs the command its caller built: each call decides.
func runCmd(cmd *exec.Cmd) ([]byte, error) { // want runCmd:`effect\(process run: \(\*os/exec.Cmd\).CombinedOutput \[cmd \$1\]\)`
	cmd.Env = append(os.Environ(), "LC_ALL=C")
	return cmd.CombinedOutput()
}

// relay hands its command on: still its callers' to decide.
func relay(cmd *exec.Cmd) error { // want relay:`effect\(process run: .* \[cmd \$1\]\)`
	_, err := runCmd(cmd)
	return err
}

func InstallTool(ctx context.Context, pkg string) error { // want InstallTool:`effect\(process run: .* via procs.runCmd\)`
	cmd := exec.CommandContext(ctx, "go", "install", pkg)
	_, err := runCmd(cmd)
	return err
}

func PushTag(ctx context.Context) error { // want PushTag:`effect\(process run: .* via procs.relay\)`
	return relay(exec.CommandContext(ctx, "git", "push", "--tags"))
}

// ok: go list is a read, whoever runs it.
func ListModules(ctx context.Context) ([]byte, error) {
	return runCmd(exec.CommandContext(ctx, "go", "list", "-m", "all"))
}

// ok: the helper works in a temporary directory.
func runScratch(cmd *exec.Cmd) error {
	cmd.Dir = os.TempDir()
	return cmd.Run()
}

// podExec runs the agent's CLI in its pod, with the words of command:
// each caller decides.
func podExec(ctx context.Context, command, pod string) ([]byte, error) { // want podExec:`effect\(process run: .* \[cilium-dbg words\(\$2\)...\]\)`
	args := []string{"exec", "-n", "kube-system", pod, "--", "cilium-dbg"}
	args = append(args, strings.Fields(command)...)
	return exec.CommandContext(ctx, "kubectl", args...).CombinedOutput()
}

// ok: kubectl exec of a read of the agent's CLI.
func ListEndpoints(ctx context.Context, pod string) ([]byte, error) {
	return podExec(ctx, "endpoint list", pod)
}

func DeleteService(ctx context.Context, id, pod string) ([]byte, error) { // want DeleteService:`effect\(process run: .* via procs.podExec\)`
	return podExec(ctx, fmt.Sprintf("service delete %s", id), pod)
}

// ok: config without a setting shows the configuration, with or
// without flags, in any branch.
func ShowConfig(ctx context.Context, all bool, pod string) ([]byte, error) {
	cmd := "config"
	if all {
		cmd = "config --all"
	}
	return podExec(ctx, cmd, pod)
}

func SetConfig(ctx context.Context, key, value, pod string) ([]byte, error) { // want SetConfig:`effect\(process run: .* via procs.podExec\)`
	return podExec(ctx, fmt.Sprintf("config %s=%s", key, value), pod)
}

// ok: status with flags added to it.
func AgentStatus(ctx context.Context, verbose bool, pod string) ([]byte, error) {
	cmd := "status"
	if verbose {
		cmd += " --verbose"
	}
	return podExec(ctx, cmd, pod)
}

// ok: a vendor CLI's read verb after its group words.
func ListBGP(ctx context.Context) ([]byte, error) {
	return exec.CommandContext(ctx, "netctl", "bgp", "peer", "list").Output()
}

func FlushBGP(ctx context.Context) ([]byte, error) { // want FlushBGP:`effect\(process run`
	return exec.CommandContext(ctx, "netctl", "bgp", "peer", "delete").Output()
}

// ok: a two-word read of a known client.
func Waypoints(ctx context.Context) ([]byte, error) {
	return exec.CommandContext(ctx, "istioctl", "waypoint", "list").Output()
}

func ApplyWaypoint(ctx context.Context, ns string) ([]byte, error) { // want ApplyWaypoint:`effect\(process run`
	return exec.CommandContext(ctx, "istioctl", "waypoint", "apply", "-n", ns).Output()
}

// GitBranch creates a branch: git branch NAME writes.
func GitBranch(ctx context.Context, dir, name string) error { // want GitBranch:`effect\(process run: \(\*os/exec.Cmd\).Output via procs.Run\)`
	_, err := Run(ctx, "git", "-C", dir, "branch", name)
	return err
}

// GitBranches lists the branches, those containing a commit too: reads.
func GitBranches(ctx context.Context, dir, commit string) ([]byte, error) { // ok: git branch --list, --contains
	if commit != "" {
		return Run(ctx, "git", "-C", dir, "branch", "--contains", commit)
	}
	return Run(ctx, "git", "-C", dir, "branch", "--list")
}

// GitAddRemote adds a remote; GitRemotes lists them.
func GitAddRemote(ctx context.Context, name, url string) error { // want GitAddRemote:`effect\(process run: \(\*os/exec.Cmd\).Output via procs.Run\)`
	_, err := Run(ctx, "git", "remote", "add", name, url)
	return err
}

func GitRemotes(ctx context.Context) ([]byte, error) { // ok: git remote -v
	return Run(ctx, "git", "remote", "-v")
}

// GitSetConfig sets a key; GitConfig reads one.
func GitSetConfig(ctx context.Context, key, value string) error { // want GitSetConfig:`effect\(process run: \(\*os/exec.Cmd\).Output via procs.Run\)`
	_, err := Run(ctx, "git", "config", key, value)
	return err
}

func GitConfig(ctx context.Context, key string) ([]byte, error) { // ok: git config KEY
	return Run(ctx, "git", "config", "--get", key)
}
