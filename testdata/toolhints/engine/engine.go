// Package engine declares a container engine with two implementations
// (a CLI and an HTTP API, podman's shape): one operation, two ways.
package engine

import "context"

type Engine interface {
	Stop(ctx context.Context, id string) error
	Run(ctx context.Context, image string) error
}
