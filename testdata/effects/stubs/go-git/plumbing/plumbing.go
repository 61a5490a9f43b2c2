// Package plumbing is a stub of go-git's references.
package plumbing

type Hash [20]byte

type ReferenceName string

type Reference struct {
	name ReferenceName
	hash Hash
}

func NewBranchReferenceName(name string) ReferenceName { return ReferenceName("refs/heads/" + name) }

func NewHashReference(n ReferenceName, h Hash) *Reference { return &Reference{n, h} }

func (r *Reference) Hash() Hash { return r.hash }
