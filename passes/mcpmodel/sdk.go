package mcpmodel

import (
	"go/types"
	"reflect"
	"strings"
)

// This file is the table of SDK entry points, one block per SDK. Entry
// points are matched by package path and name, never by spelling, so
// aliases and dot-imports resolve the same way.

const (
	goSDK    = "github.com/modelcontextprotocol/go-sdk/mcp"
	mcpGoMCP = "github.com/mark3labs/mcp-go/mcp"
	mcpGoSrv = "github.com/mark3labs/mcp-go/server"
)

// SDK names the SDK a registration belongs to.
type SDK string

const (
	GoSDK SDK = "go-sdk"
	MCPGo SDK = "mcp-go"
	Own   SDK = "own" // a project's own tool and annotation types
)

// registration describes a registering call: which arguments hold the
// tool and the handler.
type registration struct {
	sdk     SDK
	tool    int
	handler int
}

// registrations are keyed by package path, receiver type name ("" for a
// function) and name.
var registrations = map[[3]string]registration{
	{goSDK, "", "AddTool"}:       {GoSDK, 1, 2},
	{goSDK, "Server", "AddTool"}: {GoSDK, 0, 1},
	// go-sdk v0.1.0: NewServerTool(name, description, handler, opts...)
	// makes the *ServerTool that Server.AddTools registers; it has no
	// annotation options.
	{goSDK, "", "NewServerTool"}:              {GoSDK, 0, 2},
	{mcpGoSrv, "MCPServer", "AddTool"}:        {MCPGo, 0, 1},
	{mcpGoSrv, "MCPServer", "AddTaskTool"}:    {MCPGo, 0, 1},
	{mcpGoSrv, "MCPServer", "AddSessionTool"}: {MCPGo, 1, 2},
}

// serverToolTypes are the SDK struct types pairing a tool with its
// handler, registered with AddTools, SetTools, AddSessionTools.
var serverToolTypes = map[[2]string]SDK{
	{mcpGoSrv, "ServerTool"}:     MCPGo,
	{mcpGoSrv, "ServerTaskTool"}: MCPGo,
}

// handlerAdapters are SDK functions that wrap a handler in another
// handler: the handler to analyze is their argument.
var handlerAdapters = map[[2]string]bool{
	{mcpGoMCP, "NewTypedToolHandler"}:      true,
	{mcpGoMCP, "NewStructuredToolHandler"}: true,
	{mcpGoSrv, "NewTypedToolHandler"}:      true,
}

// isSDKPath reports whether path is a package of a supported SDK.
func isSDKPath(path string) bool {
	return path == goSDK || path == mcpGoMCP || path == mcpGoSrv || otherSDKPath(path)
}

// namedIn reports the package path and name of t's named type, through
// pointers and aliases.
func namedIn(t types.Type) (path, name string) {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	n, ok := t.(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return "", ""
	}
	return n.Obj().Pkg().Path(), n.Obj().Name()
}

// namedPair is namedIn as an array, a key of the type tables.
func namedPair(t types.Type) [2]string {
	if t == nil {
		return [2]string{}
	}
	path, name := namedIn(t)
	return [2]string{path, name}
}

// toolKind classifies a type as a tool definition of some SDK.
type toolKind int

const (
	notTool toolKind = iota
	goSDKTool
	goSDKAnnotations
	mcpGoTool
	mcpGoAnnotation
	mcpGoOption
	ownTool        // a struct with an Annotations field of an annotations-like type
	ownAnnotations // a struct with an IdempotentHint field
)

func classifyType(t types.Type) toolKind {
	if t == nil {
		return notTool
	}
	switch path, name := namedIn(t); {
	case otherToolType(path, name): // sdk_other.go
		return ownTool
	case path == goSDK && name == "Tool":
		return goSDKTool
	case path == goSDK && name == "ToolAnnotations":
		return goSDKAnnotations
	case path == mcpGoMCP && name == "Tool":
		return mcpGoTool
	case path == mcpGoMCP && name == "ToolAnnotation":
		return mcpGoAnnotation
	case path == mcpGoMCP && name == "ToolOption":
		return mcpGoOption
	case path == "":
		if s, ok := t.Underlying().(*types.Slice); ok {
			if classifyType(s.Elem()) == mcpGoOption {
				return mcpGoOption
			}
		}
		return notTool
	}
	st := structOf(t)
	if st == nil {
		return notTool
	}
	if fieldNamed(st, "IdempotentHint") != nil {
		return ownAnnotations
	}
	if f := fieldNamed(st, "Annotations"); f != nil {
		if k := classifyType(f.Type()); k == ownAnnotations || k == goSDKAnnotations || k == mcpGoAnnotation {
			return ownTool
		}
	}
	return notTool
}

func structOf(t types.Type) *types.Struct {
	t = types.Unalias(t)
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, _ := t.Underlying().(*types.Struct)
	return st
}

// fieldNamed returns st's field of the Go name name, or of a project's
// own type, the field whose JSON tag is name's wire name (wireNames).
func fieldNamed(st *types.Struct, name string) *types.Var {
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Name() == name {
			return st.Field(i)
		}
	}
	if w := wireNames[name]; w != "" {
		for i := 0; i < st.NumFields(); i++ {
			if jsonName(st.Tag(i)) == w {
				return st.Field(i)
			}
		}
	}
	return nil
}

// wireNames are the JSON names of the fields of MCP's tool and
// annotations objects, by the Go names the SDKs give them. A project's
// own tool type (one that answers tools/list itself, or converts to an
// SDK's) is read by its JSON tags too: the wire name is its contract,
// whatever its Go field is called.
var wireNames = map[string]string{
	"Name":            "name",
	"Annotations":     "annotations",
	"InputSchema":     "inputSchema",
	"IdempotentHint":  "idempotentHint",
	"ReadOnlyHint":    "readOnlyHint",
	"DestructiveHint": "destructiveHint",
}

// jsonName returns the name a struct tag gives its field in JSON.
func jsonName(tag string) string {
	name, _, _ := strings.Cut(reflect.StructTag(tag).Get("json"), ",")
	return name
}

// goField returns the Go name of the field of t (a struct, or a pointer
// to one) that holds the MCP field the SDKs call name: name itself, or
// the field whose JSON tag says so.
func goField(t types.Type, name string) string {
	if st := structOf(t); st != nil {
		if f := fieldNamed(st, name); f != nil {
			return f.Name()
		}
	}
	return name
}

// canonField returns the name the SDKs give the MCP field that t's
// field name holds, by its JSON tag; name itself otherwise.
func canonField(t types.Type, name string) string {
	st := structOf(t)
	if st == nil {
		return name
	}
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Name() != name {
			continue
		}
		if w := jsonName(st.Tag(i)); w != "" {
			for k, v := range wireNames {
				if v == w {
					return k
				}
			}
		}
		break
	}
	return name
}
