// Package v1 stubs client-go's authorization/v1 typed client.
package v1

import "context"

type SelfSubjectAccessReview struct{ Allowed bool }

type CreateOptions struct{}

type SelfSubjectAccessReviewInterface interface {
	Create(ctx context.Context, r *SelfSubjectAccessReview, opts CreateOptions) (*SelfSubjectAccessReview, error)
}
