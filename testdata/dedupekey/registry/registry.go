// Package registry keeps a global table of tools that other packages
// fill (package regtools) and a server lists and registers (mcpgo's
// registry.go).
package registry

import (
	"context"
	"sync"
)

// Handler handles a tool call.
type Handler func(ctx context.Context, args map[string]any) (string, error)

// Def is a tool as the registry keeps it.
type Def struct {
	Name    string
	Handler Handler
}

// Registry is a table of tools by name.
type Registry struct {
	mu    sync.Mutex
	tools map[string]*Def
}

// Global is the process's registry.
var Global = &Registry{tools: make(map[string]*Def)}

// Register adds a tool.
func (r *Registry) Register(d *Def) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.tools[d.Name] = d
}

// List returns the tools.
func (r *Registry) List() []*Def {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]*Def, 0, len(r.tools))
	for _, d := range r.tools {
		out = append(out, d)
	}
	return out
}
