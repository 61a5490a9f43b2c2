package gosdk_test

import (
	"context"
	"errors"
	"log"
	"os/exec"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpvet/mcpvet/idem"
	"github.com/mcpvet/mcpvet/idem/gosdk"
	"github.com/mcpvet/mcpvet/idem/sqlitestore"
)

// A server adds a store and Install; its handlers do not change.
func ExampleInstall() {
	store, err := sqlitestore.Open("idem.db", nil)
	if err != nil {
		log.Fatal(err)
	}
	defer store.Close()

	server := mcp.NewServer(&mcp.Implementation{Name: "charges", Version: "v1"}, nil)
	gosdk.Install(server, store, nil)
	go (&idem.Sweeper{Store: store}).Run(context.Background()) // optional

	mcp.AddTool(server, &mcp.Tool{Name: "charge"}, func(ctx context.Context, req *mcp.CallToolRequest, in struct {
		Account string `json:"account"`
		Amount  int    `json:"amount"`
	}) (*mcp.CallToolResult, any, error) {
		// ... charge in.Account; runs at most once per idempotency key
		return nil, nil, nil
	})
	_ = server.Run(context.Background(), &mcp.StdioTransport{})
}

// A client calls through the helper instead of CallTool.
func ExampleCallTool() {
	ctx := context.Background()
	client := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "v1"}, nil)
	session, err := client.Connect(ctx, &mcp.CommandTransport{Command: exec.Command("chargeserver")}, nil)
	if err != nil {
		log.Fatal(err)
	}
	res, err := gosdk.CallTool(ctx, session, &mcp.CallToolParams{
		Name:      "charge",
		Arguments: map[string]any{"account": "alice", "amount": 100},
	}, nil)
	if err != nil {
		log.Fatal(err) // *idem.CallError: errors.Is(err, idem.ErrInProgress), ...
	}
	_ = res
}

// A call that must survive a restart of the server keeps its Call.
func ExampleCall_Do() {
	ctx := context.Background()
	client := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "v1"}, nil)
	connect := func() *mcp.ClientSession {
		s, err := client.Connect(ctx, &mcp.CommandTransport{Command: exec.Command("chargeserver")}, nil)
		if err != nil {
			log.Fatal(err)
		}
		return s
	}
	call := gosdk.NewCall(&mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"account": "alice", "amount": 100}}, nil)
	session := connect()
	res, err := call.Do(ctx, session)
	if errors.Is(err, idem.ErrUnreachable) {
		session.Close()
		session = connect()              // the server died: restart it
		res, err = call.Do(ctx, session) // same key; reads back before it sends
	}
	_, _ = res, err
}
