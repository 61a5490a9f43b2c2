// Package git is a stub of github.com/go-git/go-git/v5: opening, cloning
// and initializing a repository, its worktree and its pushes, with
// go-git's signatures (options reduced to what the fixtures set).
package git

import (
	"context"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/storer"
)

type Hash [20]byte

type Repository struct {
	Storer storer.ReferenceStorer
}

type Worktree struct{}

type CommitOptions struct{ All bool }

type CheckoutOptions struct {
	Branch string
	Create bool
}

type PushOptions struct{ RemoteName string }

type CloneOptions struct{ URL string }

type LogOptions struct{}

type CommitIter interface{ Close() }

func PlainOpen(path string) (*Repository, error)              { return &Repository{}, nil }
func PlainInit(path string, isBare bool) (*Repository, error) { return &Repository{}, nil }
func PlainClone(path string, isBare bool, o *CloneOptions) (*Repository, error) {
	return &Repository{}, nil
}
func PlainCloneContext(ctx context.Context, path string, isBare bool, o *CloneOptions) (*Repository, error) {
	return &Repository{}, nil
}

func (*Repository) Worktree() (*Worktree, error)          { return &Worktree{}, nil }
func (*Repository) Push(o *PushOptions) error             { return nil }
func (*Repository) Log(o *LogOptions) (CommitIter, error) { return nil, nil }

func (*Worktree) Add(path string) (Hash, error)                        { return Hash{}, nil }
func (*Worktree) Commit(msg string, opts *CommitOptions) (Hash, error) { return Hash{}, nil }
func (*Worktree) Checkout(opts *CheckoutOptions) error                 { return nil }

func (*Repository) Head() (*plumbing.Reference, error) { return nil, nil }
