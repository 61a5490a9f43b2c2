// Package cli drives the engine through its command line.
package cli

import (
	"context"
	"os/exec"
)

type CLI struct{ Bin string }

func (c *CLI) Stop(ctx context.Context, id string) error {
	return exec.CommandContext(ctx, "podman", "stop", id).Run()
}

func (c *CLI) Run(ctx context.Context, image string) error {
	return exec.CommandContext(ctx, "podman", "run", "-d", image).Run()
}
