// Package api is a stub of github.com/go-delve/delve/service/api.
package api

type Breakpoint struct {
	ID   int
	File string
	Line int
}

type DebuggerState struct{ Exited bool }

type Variable struct{ Value string }

type EvalScope struct{ GoroutineID int64 }

type LoadConfig struct{}
type DiscardedBreakpoint struct{ Reason string }
