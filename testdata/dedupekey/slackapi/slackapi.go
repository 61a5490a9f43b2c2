// Package slackapi calls slack-go, whose every Web API call is a POST:
// a posted message repeats, a reaction added converges (a repeat answers
// already_reacted), a history read reads.
package slackapi

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/slack-go/slack"
)

type In struct {
	Channel string `json:"channel"`
	Text    string `json:"text"`
	TS      string `json:"ts"`
}

func Register(s *mcp.Server, api *slack.Client) {
	mcp.AddTool(s, &mcp.Tool{Name: "post_message"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		_, ts, err := api.PostMessageContext(ctx, in.Channel, slack.MsgOptionText(in.Text, false)) // want `tool "post_message" is not idempotent but publishes a message \(slack.Client.PostMessageContext\)`
		return nil, ts, err
	})
	mcp.AddTool(s, &mcp.Tool{Name: "add_reaction"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, api.AddReactionContext(ctx, in.Text, slack.NewRefToMessage(in.Channel, in.TS)) // want `tool "add_reaction" is not marked idempotent and changes remote state \(slack.Client.AddReactionContext\)`
	})
	// ok: a read, POSTed as every call is.
	mcp.AddTool(s, &mcp.Tool{Name: "channel_history"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		h, err := api.GetConversationHistoryContext(ctx, &slack.GetConversationHistoryParameters{ChannelID: in.Channel})
		if err != nil {
			return nil, nil, err
		}
		return nil, len(h.Messages), nil
	})
}
