package effects

// NeverEffect reports whether the package at path is one whose functions
// are never side effects (telemetry, logging, test helpers).
func NeverEffect(path string) bool { return hasPrefix(neverEffect, path) }
