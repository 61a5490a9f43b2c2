// Package toolgroups keeps a project's tools in named groups of read and
// write tools and registers each group's tools, marking the read ones.
package toolgroups

import "example.com/dedupekey/toolkit"

// Group is a named group of tools.
type Group struct {
	Name       string
	Enabled    bool
	readOnly   bool
	readTools  []toolkit.Tool
	writeTools []toolkit.Tool
}

// NewGroup makes an empty group.
func NewGroup(name string) *Group { return &Group{Name: name} }

// AddReadTools adds read tools.
func (g *Group) AddReadTools(tools ...toolkit.Tool) *Group {
	g.readTools = append(g.readTools, tools...)
	return g
}

// AddWriteTools adds write tools unless the group is read-only.
func (g *Group) AddWriteTools(tools ...toolkit.Tool) *Group {
	if !g.readOnly {
		g.writeTools = append(g.writeTools, tools...)
	}
	return g
}

// RegisterTools registers the group's tools, the read ones marked.
func (g *Group) RegisterTools(s toolkit.Server) {
	if !g.Enabled {
		return
	}
	for _, t := range g.readTools {
		t.SetReadOnly(true)
		s.AddTools(t)
	}
	if !g.readOnly {
		for _, t := range g.writeTools {
			t.SetReadOnly(false)
			s.AddTools(t)
		}
	}
}

// Set is the groups by name.
type Set struct {
	Groups   map[string]*Group
	readOnly bool
}

// NewSet makes an empty set.
func NewSet(readOnly bool) *Set {
	return &Set{Groups: make(map[string]*Group), readOnly: readOnly}
}

// Add adds a group.
func (s *Set) Add(g *Group) {
	if s.readOnly {
		g.readOnly = true
	}
	s.Groups[g.Name] = g
}

// RegisterTools registers every group's tools.
func (s *Set) RegisterTools(srv toolkit.Server) {
	for _, g := range s.Groups {
		g.RegisterTools(srv)
	}
}
