// Package proccall decides the command lines of procs' runners from
// another package.
package proccall

import (
	"context"
	"strings"

	"example.com/effects/procs"
)

func Status(ctx context.Context, path string) ([]byte, error) { // ok: git status
	return procs.Run(ctx, "git", "-C", path, "status")
}

func Apply(ctx context.Context, file string) ([]byte, error) { // want Apply:`effect\(process run: \(\*os/exec.Cmd\).Output via procs.Run\)`
	return procs.Run(ctx, "kubectl", "apply", "-f", file)
}

func ClientArgs(ctx context.Context, input map[string]string) error { // want ClientArgs:`effect\(process run: .* via procs.Kubectl\)`
	return procs.Kubectl(ctx, strings.Fields(input["args"]))
}

func Describe(ctx context.Context, name string) error { // ok: kubectl describe
	return procs.Kubectl(ctx, []string{"describe", "pod", name})
}

func Forward(ctx context.Context, name string, args ...string) ([]byte, error) { // want Forward:`effect\(process run: .* \[\$2 \$3...\]\)`
	return procs.Run(ctx, name, args...)
}

func ForwardLogs(ctx context.Context) ([]byte, error) { // ok: kubectl logs through two runners
	return Forward(ctx, "kubectl", "logs", "web")
}

func HelmList(ctx context.Context, kc string) ([]byte, error) { // ok: helm list
	return procs.Helm(ctx, kc, "list")
}

func HelmInstall(ctx context.Context, kc, chart string) ([]byte, error) { // want HelmInstall:`effect\(process run`
	return procs.Helm(ctx, kc, "install", chart)
}

func DockerImages(ctx context.Context, d *procs.Docker) ([]byte, error) { // ok: images
	return d.Exec(ctx, "images")
}

func DockerPull(ctx context.Context, d *procs.Docker, image string) ([]byte, error) { // want DockerPull:`effect\(process run`
	return d.Exec(ctx, "pull", image)
}

func Logs(ctx context.Context, pod string) ([]byte, error) { // ok: a builder's read
	return procs.NewBuilder("kubectl").WithArgs("logs", pod).Execute(ctx)
}

func Scale(ctx context.Context, input map[string]string) ([]byte, error) { // want Scale:`effect\(process run: .* via \(\*procs.Builder\).Execute\)`
	return procs.NewBuilder("kubectl").WithArgs(strings.Fields(input["args"])...).Execute(ctx)
}

func Generic(ctx context.Context, cmd string, args []string) ([]byte, error) { // want Generic:`effect\(process run: .* \[\$2 .*\]\)`
	return procs.NewBuilder(cmd).WithArgs(args...).Execute(ctx)
}

func ImageRemove(ctx context.Context, d *procs.Docker, image string) ([]byte, error) { // want ImageRemove:`effect\(process run: .* via \(\*procs.Docker\).Exec\)`
	return d.Exec(ctx, "image", "rm", image)
}

func ImageList(ctx context.Context, d *procs.Docker) ([]byte, error) { // ok: image ls
	return d.Exec(ctx, "image", "ls", "--format", "json")
}
