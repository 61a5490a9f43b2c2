// Package gogit drives a repository through go-git: a commit happens
// again on a retry, staging and pushing converge, a log only reads, and
// a clone into a temporary directory is housekeeping.
package gogit

import (
	"os"

	git "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
)

func Commit(path, msg string) error { // want Commit:`effect\(git write: \(\*git.Worktree\).Commit\)`
	repo, err := git.PlainOpen(path)
	if err != nil {
		return err
	}
	wt, err := repo.Worktree()
	if err != nil {
		return err
	}
	_, err = wt.Commit(msg, &git.CommitOptions{})
	return err
}

func Stage(path, file string) error { // want Stage:`effect\(git write: \(\*git.Worktree\).Add\)`
	repo, err := git.PlainOpen(path)
	if err != nil {
		return err
	}
	wt, err := repo.Worktree()
	if err != nil {
		return err
	}
	_, err = wt.Add(file)
	return err
}

func Push(path string) error { // want Push:`effect\(git write: \(\*git.Repository\).Push\)`
	repo, err := git.PlainOpen(path)
	if err != nil {
		return err
	}
	return repo.Push(&git.PushOptions{RemoteName: "origin"})
}

// History reads the log of a repository cloned into a temporary
// directory: no fact.
func History(url string) error {
	dir, err := os.MkdirTemp("", "clone")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	repo, err := git.PlainClone(dir, false, &git.CloneOptions{URL: url})
	if err != nil {
		return err
	}
	iter, err := repo.Log(&git.LogOptions{})
	if err != nil {
		return err
	}
	iter.Close()
	return nil
}

func Branch(path, name string) error { // want Branch:`effect\(git write: storer.ReferenceStorer.SetReference\)`
	repo, err := git.PlainOpen(path)
	if err != nil {
		return err
	}
	head, err := repo.Head()
	if err != nil {
		return err
	}
	return repo.Storer.SetReference(plumbing.NewHashReference(plumbing.NewBranchReferenceName(name), head.Hash()))
}

// Lookup reads a reference: no fact.
func Lookup(path, name string) (*plumbing.Reference, error) {
	repo, err := git.PlainOpen(path)
	if err != nil {
		return nil, err
	}
	return repo.Storer.Reference(plumbing.NewBranchReferenceName(name))
}
