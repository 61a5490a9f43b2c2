// Package ids is a project's own id helper wrapping uuid: its New has a
// FreshFunc fact that dedupekey must see.
package ids

import "github.com/google/uuid"

// New returns a new id.
func New() string { return "id-" + uuid.NewString() }

// Of derives an id from a name: the same on every call.
func Of(name string) string { return "id-" + name }
