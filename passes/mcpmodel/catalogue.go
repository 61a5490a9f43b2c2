package mcpmodel

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"

	"go.yaml.in/yaml/v3"
	"golang.org/x/tools/go/packages"
)

// This file reads the tools a module declares in data files rather than
// in Go: a YAML or JSON file that its build embeds (//go:embed), listing
// tools in the shape of the MCP specification (a name, and annotations
// with readOnlyHint, idempotentHint, destructiveHint), which the program
// decodes into a map of SDK tools by name at run time and registers by
// looking each tool up (portainer-mcp's tools.yaml and
// `s.srv.AddTool(s.tools[name], handler)`). The registration's value is
// then an element of a map the engine cannot follow, read at a constant
// key (valueflow's Value.At); when that key names a tool of the
// catalogue, the tool is that entry. Two pieces of evidence, the key and
// the entry, are needed: neither alone names a tool.
//
// Embedded files are not given to an analysis pass, and the package that
// embeds the file is often imported by main only, so the catalogue is a
// whole-module fact that only a driver loading the whole module before
// it analyzes can gather (SetCatalogue; the standalone command does).
// Under go vet and gopls such a registration stays unknown.

// A Catalogue is the tools declared in a module's embedded data files,
// by name.
type Catalogue struct {
	tools map[string]catalogued
}

// catalogued is one tool of a Catalogue: its hints as the file writes
// them (a hint the annotations leave out is the spec's default, false,
// as for a Go annotations value), Unknown where two entries of one name
// disagree.
type catalogued struct {
	readOnly, idempotent, destructive Hint
	at                                string // file:line of the entry
}

// hintKeys are the annotation keys of the MCP specification's Tool.
var hintKeys = [...]string{"readOnlyHint", "idempotentHint", "destructiveHint"}

// EmbeddedCatalogue reads the tools declared in the YAML and JSON files
// that pkgs (the packages a driver was asked to analyze, loaded with
// packages.NeedEmbedFiles) embed.
func EmbeddedCatalogue(pkgs []*packages.Package) *Catalogue {
	var files []string
	seen := make(map[string]bool)
	for _, p := range pkgs {
		for _, f := range p.EmbedFiles {
			switch strings.ToLower(filepath.Ext(f)) {
			case ".yaml", ".yml", ".json":
				if !seen[f] {
					seen[f] = true
					files = append(files, f)
				}
			}
		}
	}
	return ReadCatalogue(files)
}

// ReadCatalogue reads the tools declared in files (YAML or JSON; a file
// that cannot be read or parsed declares none). It returns nil when
// there are none.
func ReadCatalogue(files []string) *Catalogue {
	c := &Catalogue{tools: make(map[string]catalogued)}
	wd, _ := os.Getwd()
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		var doc yaml.Node
		if yaml.Unmarshal(data, &doc) != nil {
			continue
		}
		name := f
		if rel, err := filepath.Rel(wd, f); err == nil && !strings.HasPrefix(rel, "..") {
			name = rel
		}
		c.collect(&doc, name, 0)
	}
	if len(c.tools) == 0 {
		return nil
	}
	return c
}

// collect adds the tool definitions in the YAML node n of file.
func (c *Catalogue) collect(n *yaml.Node, file string, depth int) {
	if n == nil || depth > 16 {
		return
	}
	if n.Kind == yaml.MappingNode {
		if name, e, ok := toolEntry(n); ok {
			e.at = fmt.Sprintf("%s:%d", file, n.Line)
			if old, dup := c.tools[name]; dup {
				e.readOnly = agree([]Hint{old.readOnly, e.readOnly})
				e.idempotent = agree([]Hint{old.idempotent, e.idempotent})
				e.destructive = agree([]Hint{old.destructive, e.destructive})
			}
			c.tools[name] = e
			return
		}
	}
	for _, k := range n.Content {
		c.collect(k, file, depth+1)
	}
}

// field returns the value of key in the mapping node m, or nil.
func field(m *yaml.Node, key string) *yaml.Node {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

// toolEntry reads m as a tool definition: a string name and an
// annotations mapping with at least one boolean hint of the
// specification.
func toolEntry(m *yaml.Node) (string, catalogued, bool) {
	name, ann := field(m, "name"), field(m, "annotations")
	if name == nil || name.Kind != yaml.ScalarNode || name.Tag != "!!str" || name.Value == "" || ann == nil || ann.Kind != yaml.MappingNode {
		return "", catalogued{}, false
	}
	var hs [len(hintKeys)]Hint
	found := false
	for i, k := range hintKeys {
		hs[i] = False
		v := field(ann, k)
		if v == nil {
			continue
		}
		var b bool
		if v.Kind != yaml.ScalarNode || v.Tag != "!!bool" || v.Decode(&b) != nil {
			hs[i] = Unknown // not a boolean: not the spec's
			continue
		}
		hs[i], found = hintOf(b), true
	}
	return name.Value, catalogued{readOnly: hs[0], idempotent: hs[1], destructive: hs[2]}, found
}

// catalogue is the one given to SetCatalogue, or nil.
var catalogue atomic.Pointer[Catalogue]

// SetCatalogue records the tools the analyzed module declares in its
// embedded data files, for the analyses started after it, until it is
// called again (nil: none). Only a driver that loads the whole module
// before it analyzes any package may call it: the standalone command.
func SetCatalogue(c *Catalogue) { catalogue.Store(c) }

// catalogueTool fills what t leaves unknown from the catalogue's entry
// named key, the map key t's value was read at, if there is one: the
// name, and each hint the Go code does not set (a hint it sets, even to
// the spec's default, is the one the program registers).
func catalogueTool(t *Tool, key string) {
	c := catalogue.Load()
	if c == nil || key == "" || t.Name != "" && t.Name != key {
		return
	}
	e, ok := c.tools[key]
	if !ok {
		return
	}
	t.Name = key
	for _, h := range []struct {
		dst *Hint
		src Hint
	}{{&t.ReadOnly, e.readOnly}, {&t.Idempotent, e.idempotent}, {&t.Destructive, e.destructive}} {
		if *h.dst == Unknown && h.src != Unknown {
			*h.dst, t.HintFile = h.src, e.at
		}
	}
}
