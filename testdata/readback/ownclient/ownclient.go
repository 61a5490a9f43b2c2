// Package ownclient has a project's own MCP client interface and imports
// no SDK: its CallTool wrappers still earn Caller facts.
package ownclient

import "context"

// ToolCaller is what the agent needs of an MCP client.
type ToolCaller interface {
	CallTool(ctx context.Context, name string, args map[string]any) (string, error)
}

// Charge charges through any client.
func Charge(ctx context.Context, c ToolCaller) error { // want Charge:"calltool\\(tool=charge\\)"
	_, err := c.CallTool(ctx, "charge", nil)
	return err
}

// Invoke calls the named tool.
func Invoke(ctx context.Context, c ToolCaller, name string) (string, error) { // want Invoke:"calltool"
	return c.CallTool(ctx, name, nil)
}

// fake is a concrete type with a method of the same name: calling it is
// not a tool call.
type fake struct{}

func (fake) CallTool(ctx context.Context, name string, args map[string]any) (string, error) {
	return "", nil
}

// Local calls the concrete method only.
func Local(ctx context.Context) error {
	_, err := fake{}.CallTool(ctx, "charge", nil)
	return err
}
