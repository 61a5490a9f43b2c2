package other

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/dedupekey/store"
)

var alertLog = &store.Ledger{Path: "alerts"}

// receipt is what the service answers: the id of the request it ran.
type receipt struct{ RequestId string }

// check reads the receipt's request id: a key read, of the answer.
func (r *receipt) check() error {
	if r.RequestId == "" {
		return errors.New("no request id")
	}
	return nil
}

type alerts struct{}

func (alerts) post(ctx context.Context, id string) (*receipt, error) {
	if err := alertLog.Append(id, 1); err != nil {
		return nil, err
	}
	return &receipt{RequestId: "r-" + alertLog.Path}, nil
}

// ack commits, then reads the request id of the answer: the key read
// comes after the effect and checks nothing.
func (a alerts) ack(ctx context.Context, id string) error {
	r, err := a.post(ctx, id)
	if err != nil {
		return err
	}
	return r.check()
}

// ackOnce reads the request id it is given before it commits.
func (a alerts) ackOnce(ctx context.Context, r *receipt) error {
	if err := r.check(); err != nil {
		return err
	}
	_, err := a.post(ctx, r.RequestId)
	return err
}

type AckIn struct {
	ID string `json:"id"`
}

func RegisterAck(s *mcp.Server) {
	var a alerts
	mcp.AddTool(s, &mcp.Tool{Name: "ack_alert"}, func(ctx context.Context, req *mcp.CallToolRequest, in AckIn) (*mcp.CallToolResult, any, error) {
		return nil, nil, a.ack(ctx, in.ID) // want `tool "ack_alert" is not idempotent but writes a file`
	})
	// ok: the request id is checked before the write.
	mcp.AddTool(s, &mcp.Tool{Name: "ack_alert_once"}, func(ctx context.Context, req *mcp.CallToolRequest, in AckIn) (*mcp.CallToolResult, any, error) {
		return nil, nil, a.ackOnce(ctx, &receipt{RequestId: in.ID})
	})
}
