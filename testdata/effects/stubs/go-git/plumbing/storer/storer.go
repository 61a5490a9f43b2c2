// Package storer is a stub of go-git's storage interfaces.
package storer

import "github.com/go-git/go-git/v5/plumbing"

type ReferenceStorer interface {
	SetReference(*plumbing.Reference) error
	Reference(plumbing.ReferenceName) (*plumbing.Reference, error)
	RemoveReference(plumbing.ReferenceName) error
}
