package mcpgo_test

import (
	"context"
	"log"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/mcpvet/mcpvet/idem/mcpgo"
	"github.com/mcpvet/mcpvet/idem/sqlitestore"
)

// A server adds a store and Install; its handlers do not change.
func ExampleInstall() {
	store, err := sqlitestore.Open("idem.db", nil)
	if err != nil {
		log.Fatal(err)
	}
	defer store.Close()

	s := server.NewMCPServer("charges", "v1")
	mcpgo.Install(s, store, nil)
	s.AddTool(mcp.NewTool("charge", mcp.WithString("account"), mcp.WithNumber("amount")),
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			// ... charge; runs at most once per idempotency key
			return mcp.NewToolResultText("charged"), nil
		})
	_ = server.ServeStdio(s)
}

// A client calls through the helper instead of CallTool.
func ExampleCallTool() {
	ctx := context.Background()
	c, err := client.NewStdioMCPClient("chargeserver", nil)
	if err != nil {
		log.Fatal(err)
	}
	var init mcp.InitializeRequest
	init.Params.ClientInfo = mcp.Implementation{Name: "client", Version: "v1"}
	if _, err := c.Initialize(ctx, init); err != nil {
		log.Fatal(err)
	}
	var req mcp.CallToolRequest
	req.Params.Name = "charge"
	req.Params.Arguments = map[string]any{"account": "alice", "amount": 100}
	res, err := mcpgo.CallTool(ctx, c, req, nil)
	if err != nil {
		log.Fatal(err)
	}
	_ = res
}
