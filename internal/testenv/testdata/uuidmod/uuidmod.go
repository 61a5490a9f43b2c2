// Package uuidmod requires one small module, for testenv's test of a
// fresh module cache.
package uuidmod

import "github.com/google/uuid"

// Key makes a key.
func Key() string { return uuid.NewString() }
