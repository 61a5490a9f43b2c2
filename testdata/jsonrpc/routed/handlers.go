package routed

import (
	"fmt"
	"os"
)

// ToolDefinition is a tool as tools/list returns it, with no annotations:
// the spec's defaults.
type ToolDefinition struct {
	Name        string         `json:"name"`
	InputSchema map[string]any `json:"inputSchema"`
}

func listTools() []ToolDefinition {
	return []ToolDefinition{
		{Name: "log_line", InputSchema: map[string]any{"type": "object"}},
		{Name: "show_log", InputSchema: map[string]any{"type": "object"}},
	}
}

func handle(msg Message, dir string) (any, error) {
	switch msg.Method {
	case "tools/list":
		return map[string]any{"tools": listTools()}, nil
	case "tools/call":
		name, _ := msg.Params["name"].(string)
		args, _ := msg.Params["arguments"].(map[string]any)
		return route(dir, name, args)
	}
	return nil, fmt.Errorf("method not found: %s", msg.Method)
}

// route dispatches by the name its one caller read from the request.
func route(dir, toolName string, args map[string]any) (string, error) {
	switch toolName {
	case "log_line":
		f, err := os.OpenFile(dir+"/log", os.O_APPEND|os.O_WRONLY|os.O_CREATE, 0o644) // want `tool "log_line" is not idempotent but writes a file`
		if err != nil {
			return "", err
		}
		defer f.Close()
		line, _ := args["line"].(string)
		_, err = f.WriteString(line + "\n")
		return "ok", err
	case "show_log":
		b, err := os.ReadFile(dir + "/log") // ok: a read
		return string(b), err
	}
	// A switch on a parameter no caller fills with the tool's name is no
	// dispatch of tools.
	return other(dir, "log_line")
}

func other(dir, mode string) (string, error) {
	switch mode {
	case "log_line":
		return "ok", os.WriteFile(dir+"/other", nil, 0o644)
	}
	return "", nil
}
