// Package tg is a stub of gotd's generated Telegram API client: each
// method sends one MTProto call through the client's invoker.
package tg

import "context"

// Invoker sends an MTProto call.
type Invoker interface {
	Invoke(ctx context.Context, input, output any) error
}

type Client struct{ rpc Invoker }

func NewClient(invoker Invoker) *Client { return &Client{rpc: invoker} }

type (
	MessagesSendMessageRequest struct {
		Message  string
		RandomID int64
	}
	MessagesGetHistoryRequest struct{ Limit int }
	ChannelsEditAdminRequest  struct{ Rank string }
	UploadSaveFilePartRequest struct {
		FileID int64
		Bytes  []byte
	}
	MessagesTranslateTextRequest struct{ Text string }
	Updates                      struct{}
	MessagesMessages             struct{}
)

func (c *Client) MessagesSendMessage(ctx context.Context, request *MessagesSendMessageRequest) (*Updates, error) {
	var result Updates
	return &result, c.rpc.Invoke(ctx, request, &result)
}

func (c *Client) MessagesGetHistory(ctx context.Context, request *MessagesGetHistoryRequest) (*MessagesMessages, error) {
	var result MessagesMessages
	return &result, c.rpc.Invoke(ctx, request, &result)
}

func (c *Client) ChannelsEditAdmin(ctx context.Context, request *ChannelsEditAdminRequest) (*Updates, error) {
	var result Updates
	return &result, c.rpc.Invoke(ctx, request, &result)
}

func (c *Client) UploadSaveFilePart(ctx context.Context, request *UploadSaveFilePartRequest) (bool, error) {
	var ok bool
	return ok, c.rpc.Invoke(ctx, request, &ok)
}

func (c *Client) MessagesTranslateText(ctx context.Context, request *MessagesTranslateTextRequest) (*MessagesMessages, error) {
	var result MessagesMessages
	return &result, c.rpc.Invoke(ctx, request, &result)
}
