package valueflow

import (
	"go/types"
	"strings"
)

// pointerHelpers are library functions that return a pointer to their one
// argument (mcp.ToBoolPtr(true) in a tool's annotations): the engine
// sees through pointers, so their value is the argument's. The SDKs'
// packages are not analyzed (their summaries are this table), nor is a
// dependency under go vet that has no facts.
var pointerHelpers = map[[2]string]bool{
	{"github.com/mark3labs/mcp-go/mcp", "ToBoolPtr"}:             true,
	{"trpc.group/trpc-go/trpc-mcp-go", "BoolPtr"}:                true,
	{"github.com/modelcontextprotocol/go-sdk/jsonschema", "Ptr"}: true,
	{"github.com/google/jsonschema-go/jsonschema", "Ptr"}:        true,
	{"k8s.io/utils/ptr", "To"}:                                   true,
	{"k8s.io/utils/pointer", "Bool"}:                             true,
	{"k8s.io/utils/pointer", "BoolPtr"}:                          true,
	{"k8s.io/utils/pointer", "String"}:                           true,
	{"github.com/aws/aws-sdk-go-v2/aws", "Bool"}:                 true,
	{"github.com/aws/aws-sdk-go-v2/aws", "String"}:               true,
	{"github.com/aws/aws-sdk-go/aws", "Bool"}:                    true,
	{"github.com/aws/aws-sdk-go/aws", "String"}:                  true,
	{"github.com/samber/lo", "ToPtr"}:                            true,
}

// isPointerHelper reports whether fn is a pointer helper of the table,
// or go-github's Ptr, Bool and String (github.com/google/go-github/vNN/github).
func isPointerHelper(fn *types.Func) bool {
	if fn.Pkg() == nil {
		return false
	}
	if sig, ok := fn.Type().(*types.Signature); !ok || sig.Recv() != nil || sig.Params().Len() != 1 || sig.Results().Len() != 1 {
		return false
	}
	path := fn.Pkg().Path()
	if pointerHelpers[[2]string{path, fn.Name()}] {
		return true
	}
	if strings.HasPrefix(path, "github.com/google/go-github/") && strings.HasSuffix(path, "/github") {
		switch fn.Name() {
		case "Ptr", "Bool", "String":
			return true
		}
	}
	return false
}

// ctorFields are SDK constructors the engine does not analyze whose
// result has a field that is one of their arguments: mcp-go's
// mcp.NewTool(name, opts...) builds a Tool named name. A field of such
// a call is that argument (a tool's name a handler switch decides on).
var ctorFields = map[[3]string]int{
	{"github.com/mark3labs/mcp-go/mcp", "NewTool", "Name"}:              0,
	{"github.com/mark3labs/mcp-go/mcp", "NewToolWithRawSchema", "Name"}: 0,
	{"trpc.group/trpc-go/trpc-mcp-go", "NewTool", "Name"}:               0,
}

// ctorField returns field name of c, a Call of a constructor of
// ctorFields, or nil.
func ctorField(c *Value, name string) *Value {
	fn, ok := c.Obj.(*types.Func)
	if !ok || fn.Pkg() == nil || c.Recv != nil {
		return nil
	}
	i, ok := ctorFields[[3]string{fn.Pkg().Path(), fn.Name(), name}]
	if !ok || i >= len(c.Args) || c.Args[i] == nil {
		return nil
	}
	return c.Args[i]
}
