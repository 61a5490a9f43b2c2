package analysisutil

import (
	"go/types"
	"sync/atomic"
)

// needed is the set given to SetNeeded, or nil.
var needed atomic.Pointer[map[*types.Package]bool]

// SetNeeded records the packages of the build on which a check can ask
// about values and effects (mcpmodel.Needed: the packages that can
// register or call a tool, and all their dependencies), for the analyses
// started after it, until it is called again (nil: every package). Only a
// driver that knows every package of the build before it analyzes any
// may call it: the standalone command.
func SetNeeded(set map[*types.Package]bool) {
	if set == nil {
		needed.Store(nil)
		return
	}
	needed.Store(&set)
}

// IsNeeded reports whether pkg is in the set given to SetNeeded (every
// package when none was given).
func IsNeeded(pkg *types.Package) bool {
	set := needed.Load()
	return set == nil || (*set)[pkg]
}
