// Package v1 stubs client-go's core/v1 typed client.
package v1

import "context"

type Pod struct{ Name string }

type CreateOptions struct{}

type PodInterface interface {
	Create(ctx context.Context, p *Pod, opts CreateOptions) (*Pod, error)
}
