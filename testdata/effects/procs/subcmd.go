package procs

import (
	"context"
	"os/exec"
)

// Runs of binaries no table knows, judged by their subcommand word.

// MytoolStatus runs a constant read subcommand after a flag.
func MytoolStatus(ctx context.Context) ([]byte, error) { // ok: mytool --json status
	return exec.CommandContext(ctx, "mytool", "--json", "status").Output()
}

// MytoolCreate runs a constant write subcommand.
func MytoolCreate(ctx context.Context, name string) error { // want MytoolCreate:`effect\(process run: \(\*os/exec.Cmd\).Run\)`
	return exec.CommandContext(ctx, "mytool", "--json", "create", name).Run()
}

// MytoolOther runs a subcommand in neither list: as any unknown binary.
func MytoolOther(ctx context.Context) error { // want MytoolOther:`effect\(process run`
	return exec.CommandContext(ctx, "mytool", "frobnicate").Run()
}

// MytoolLater has a read word after the subcommand: only the first counts.
func MytoolLater(ctx context.Context, name string) error { // want MytoolLater:`effect\(process run`
	return exec.CommandContext(ctx, "mytool", name, "get").Run()
}

// MakeCheck keeps the table's verdict: make's targets run anything.
func MakeCheck(ctx context.Context) error { // want MakeCheck:`effect\(process run`
	return exec.CommandContext(ctx, "make", "check").Run()
}

// Vendor runs the vendor CLI with the caller's subcommand.
func Vendor(ctx context.Context, args ...string) ([]byte, error) { // want Vendor:`effect\(process run: .* \[vendorctl --profile prod \$2...\]\)`
	return exec.CommandContext(ctx, "vendorctl", append([]string{"--profile", "prod"}, args...)...).Output()
}

// VendorList lists through the wrapper.
func VendorList(ctx context.Context, kind string) ([]byte, error) { // ok: vendorctl list
	return Vendor(ctx, "list", kind)
}

// VendorDeploy deploys through the wrapper.
func VendorDeploy(ctx context.Context, app string) ([]byte, error) { // want VendorDeploy:`effect\(process run: .* via procs.Vendor\)`
	return Vendor(ctx, "deploy", app)
}

// Check runs a read verb of a configured binary.
func (d *Docker) Check(ctx context.Context) ([]byte, error) { // ok: ? check
	return exec.CommandContext(ctx, d.bin, "check").Output()
}

// job holds a command line in struct fields.
type job struct {
	bin  string
	args []string
}

// JobStatus runs a job whose arguments are a read.
func JobStatus(ctx context.Context) ([]byte, error) { // ok: mytool -v status, from the fields
	j := job{bin: "mytool", args: []string{"-v", "status"}}
	return exec.CommandContext(ctx, j.bin, j.args...).Output()
}

// JobCreate runs a job whose arguments are a write.
func JobCreate(ctx context.Context) ([]byte, error) { // want JobCreate:`effect\(process run`
	j := job{bin: "mytool", args: []string{"-v", "create"}}
	return exec.CommandContext(ctx, j.bin, j.args...).Output()
}

func showArgs(name string) []string { return []string{"show", name} }

func publishArgs(name string) []string { return []string{"publish", name} }

// Show runs the arguments a constructor returns: a read.
func Show(ctx context.Context, name string) ([]byte, error) { // ok: mytool show <name>
	return exec.CommandContext(ctx, "mytool", showArgs(name)...).Output()
}

// Publish runs the arguments a constructor returns: a write.
func Publish(ctx context.Context, name string) ([]byte, error) { // want Publish:`effect\(process run`
	return exec.CommandContext(ctx, "mytool", publishArgs(name)...).Output()
}

// Appended runs a constructor's arguments with more appended.
func Appended(ctx context.Context, name string) ([]byte, error) { // ok: mytool show <name> --json
	cmd := exec.CommandContext(ctx, "mytool", append(showArgs(name), "--json")...)
	return cmd.Output()
}

// Rewritten changes the subcommand after building the line.
func Rewritten(ctx context.Context) ([]byte, error) { // want Rewritten:`effect\(process run`
	j := job{bin: "mytool", args: []string{"status"}}
	j.args[0] = "delete"
	return exec.CommandContext(ctx, j.bin, j.args...).Output()
}

// RewrittenLocal changes the subcommand of a local slice.
func RewrittenLocal(ctx context.Context) ([]byte, error) { // want RewrittenLocal:`effect\(process run`
	args := []string{"status"}
	args[0] = "delete"
	return exec.CommandContext(ctx, "mytool", args...).Output()
}
