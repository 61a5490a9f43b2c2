// Package profile declares a tool whose definition is large: two
// groups of options concatenated by a helper of another package, with
// JSON schemas nested four maps deep (MoreLogin's
// AdvancedCreateProfileTool). Its value takes thousands of the engine's
// steps; a package variable is evaluated on a query's budget.
package profile

import (
	"context"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"

	"example.com/dedupekey/bigdef/opts"
)

var CreateProfileTool = func() mcp.Tool {
	options := opts.Combine(
		[]mcp.ToolOption{
			mcp.WithDescription("Creates a browser profile."),
			mcp.WithString("name", mcp.Required()),
		},
		[]mcp.ToolOption{
			mcp.WithObject("setting0",
				mcp.Description("Setting 0."),
				mcp.Properties(map[string]interface{}{
					"mode": map[string]interface{}{
						"type":        "object",
						"description": "Mode 0",
						"properties": map[string]interface{}{
							"switcher": map[string]interface{}{"type": "integer", "description": "Switch 0", "default": 1},
							"value":    map[string]interface{}{"type": "string", "description": "Value 0", "items": map[string]interface{}{"type": "string"}},
						},
					},
				}),
			),
			mcp.WithObject("setting1",
				mcp.Description("Setting 1."),
				mcp.Properties(map[string]interface{}{
					"mode": map[string]interface{}{
						"type":        "object",
						"description": "Mode 1",
						"properties": map[string]interface{}{
							"switcher": map[string]interface{}{"type": "integer", "description": "Switch 1", "default": 1},
							"value":    map[string]interface{}{"type": "string", "description": "Value 1", "items": map[string]interface{}{"type": "string"}},
						},
					},
				}),
			),
			mcp.WithObject("setting2",
				mcp.Description("Setting 2."),
				mcp.Properties(map[string]interface{}{
					"mode": map[string]interface{}{
						"type":        "object",
						"description": "Mode 2",
						"properties": map[string]interface{}{
							"switcher": map[string]interface{}{"type": "integer", "description": "Switch 2", "default": 1},
							"value":    map[string]interface{}{"type": "string", "description": "Value 2", "items": map[string]interface{}{"type": "string"}},
						},
					},
				}),
			),
			mcp.WithObject("setting3",
				mcp.Description("Setting 3."),
				mcp.Properties(map[string]interface{}{
					"mode": map[string]interface{}{
						"type":        "object",
						"description": "Mode 3",
						"properties": map[string]interface{}{
							"switcher": map[string]interface{}{"type": "integer", "description": "Switch 3", "default": 1},
							"value":    map[string]interface{}{"type": "string", "description": "Value 3", "items": map[string]interface{}{"type": "string"}},
						},
					},
				}),
			),
			mcp.WithObject("setting4",
				mcp.Description("Setting 4."),
				mcp.Properties(map[string]interface{}{
					"mode": map[string]interface{}{
						"type":        "object",
						"description": "Mode 4",
						"properties": map[string]interface{}{
							"switcher": map[string]interface{}{"type": "integer", "description": "Switch 4", "default": 1},
							"value":    map[string]interface{}{"type": "string", "description": "Value 4", "items": map[string]interface{}{"type": "string"}},
						},
					},
				}),
			),
			mcp.WithObject("setting5",
				mcp.Description("Setting 5."),
				mcp.Properties(map[string]interface{}{
					"mode": map[string]interface{}{
						"type":        "object",
						"description": "Mode 5",
						"properties": map[string]interface{}{
							"switcher": map[string]interface{}{"type": "integer", "description": "Switch 5", "default": 1},
							"value":    map[string]interface{}{"type": "string", "description": "Value 5", "items": map[string]interface{}{"type": "string"}},
						},
					},
				}),
			),
			mcp.WithObject("setting6",
				mcp.Description("Setting 6."),
				mcp.Properties(map[string]interface{}{
					"mode": map[string]interface{}{
						"type":        "object",
						"description": "Mode 6",
						"properties": map[string]interface{}{
							"switcher": map[string]interface{}{"type": "integer", "description": "Switch 6", "default": 1},
							"value":    map[string]interface{}{"type": "string", "description": "Value 6", "items": map[string]interface{}{"type": "string"}},
						},
					},
				}),
			),
			mcp.WithObject("setting7",
				mcp.Description("Setting 7."),
				mcp.Properties(map[string]interface{}{
					"mode": map[string]interface{}{
						"type":        "object",
						"description": "Mode 7",
						"properties": map[string]interface{}{
							"switcher": map[string]interface{}{"type": "integer", "description": "Switch 7", "default": 1},
							"value":    map[string]interface{}{"type": "string", "description": "Value 7", "items": map[string]interface{}{"type": "string"}},
						},
					},
				}),
			),
			mcp.WithObject("setting8",
				mcp.Description("Setting 8."),
				mcp.Properties(map[string]interface{}{
					"mode": map[string]interface{}{
						"type":        "object",
						"description": "Mode 8",
						"properties": map[string]interface{}{
							"switcher": map[string]interface{}{"type": "integer", "description": "Switch 8", "default": 1},
							"value":    map[string]interface{}{"type": "string", "description": "Value 8", "items": map[string]interface{}{"type": "string"}},
						},
					},
				}),
			),
			mcp.WithObject("setting9",
				mcp.Description("Setting 9."),
				mcp.Properties(map[string]interface{}{
					"mode": map[string]interface{}{
						"type":        "object",
						"description": "Mode 9",
						"properties": map[string]interface{}{
							"switcher": map[string]interface{}{"type": "integer", "description": "Switch 9", "default": 1},
							"value":    map[string]interface{}{"type": "string", "description": "Value 9", "items": map[string]interface{}{"type": "string"}},
						},
					},
				}),
			),
			mcp.WithObject("setting10",
				mcp.Description("Setting 10."),
				mcp.Properties(map[string]interface{}{
					"mode": map[string]interface{}{
						"type":        "object",
						"description": "Mode 10",
						"properties": map[string]interface{}{
							"switcher": map[string]interface{}{"type": "integer", "description": "Switch 10", "default": 1},
							"value":    map[string]interface{}{"type": "string", "description": "Value 10", "items": map[string]interface{}{"type": "string"}},
						},
					},
				}),
			),
			mcp.WithObject("setting11",
				mcp.Description("Setting 11."),
				mcp.Properties(map[string]interface{}{
					"mode": map[string]interface{}{
						"type":        "object",
						"description": "Mode 11",
						"properties": map[string]interface{}{
							"switcher": map[string]interface{}{"type": "integer", "description": "Switch 11", "default": 1},
							"value":    map[string]interface{}{"type": "string", "description": "Value 11", "items": map[string]interface{}{"type": "string"}},
						},
					},
				}),
			),
			mcp.WithObject("setting12",
				mcp.Description("Setting 12."),
				mcp.Properties(map[string]interface{}{
					"mode": map[string]interface{}{
						"type":        "object",
						"description": "Mode 12",
						"properties": map[string]interface{}{
							"switcher": map[string]interface{}{"type": "integer", "description": "Switch 12", "default": 1},
							"value":    map[string]interface{}{"type": "string", "description": "Value 12", "items": map[string]interface{}{"type": "string"}},
						},
					},
				}),
			),
			mcp.WithObject("setting13",
				mcp.Description("Setting 13."),
				mcp.Properties(map[string]interface{}{
					"mode": map[string]interface{}{
						"type":        "object",
						"description": "Mode 13",
						"properties": map[string]interface{}{
							"switcher": map[string]interface{}{"type": "integer", "description": "Switch 13", "default": 1},
							"value":    map[string]interface{}{"type": "string", "description": "Value 13", "items": map[string]interface{}{"type": "string"}},
						},
					},
				}),
			),
			mcp.WithObject("setting14",
				mcp.Description("Setting 14."),
				mcp.Properties(map[string]interface{}{
					"mode": map[string]interface{}{
						"type":        "object",
						"description": "Mode 14",
						"properties": map[string]interface{}{
							"switcher": map[string]interface{}{"type": "integer", "description": "Switch 14", "default": 1},
							"value":    map[string]interface{}{"type": "string", "description": "Value 14", "items": map[string]interface{}{"type": "string"}},
						},
					},
				}),
			),
			mcp.WithObject("setting15",
				mcp.Description("Setting 15."),
				mcp.Properties(map[string]interface{}{
					"mode": map[string]interface{}{
						"type":        "object",
						"description": "Mode 15",
						"properties": map[string]interface{}{
							"switcher": map[string]interface{}{"type": "integer", "description": "Switch 15", "default": 1},
							"value":    map[string]interface{}{"type": "string", "description": "Value 15", "items": map[string]interface{}{"type": "string"}},
						},
					},
				}),
			),
		},
	)
	return mcp.NewTool("create_profile", options...)
}()

func CreateProfile(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Post("http://127.0.0.1:40000/api/env/create", "application/json", nil)
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	return mcp.NewToolResultText("created"), nil
}

// GetProfile only reads.
func GetProfile(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("http://127.0.0.1:40000/api/env/list")
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	return mcp.NewToolResultText("listed"), nil
}
