// Package client calls tools with trpc-mcp-go clients, some of which
// retry by themselves.
package client

import (
	"context"
	"time"

	mcp "trpc.group/trpc-go/trpc-mcp-go"
)

var info = mcp.Implementation{Name: "c", Version: "1"}

func chargeReq() *mcp.CallToolRequest {
	req := &mcp.CallToolRequest{}
	req.Params.Name = "charge"
	req.Params.Arguments = map[string]interface{}{"account": "a"}
	return req
}

// The retry option re-sends the tool call below after a timeout.
func Simple(ctx context.Context) error {
	c, err := mcp.NewClient("http://localhost/mcp", info, mcp.WithSimpleRetry(3)) // want `this trpc-mcp-go client option re-sends every request up to 3 times`
	if err != nil {
		return err
	}
	_, err = c.CallTool(ctx, &mcp.CallToolRequest{Params: mcp.CallToolParams{Name: "charge"}})
	return err
}

// ok: the same client without the option.
func Plain(ctx context.Context) error {
	c, err := mcp.NewClient("http://localhost/mcp", info)
	if err != nil {
		return err
	}
	_, err = c.CallTool(ctx, chargeReq())
	return err
}

// ok: zero retries sends once.
func Zero(ctx context.Context) error {
	c, err := mcp.NewClient("http://localhost/mcp", info, mcp.WithSimpleRetry(0))
	if err != nil {
		return err
	}
	_, err = c.CallTool(ctx, chargeReq())
	return err
}

type agent struct {
	mcp *mcp.Client
}

// A configured retry, through an options slice; the client is kept in a
// field and the tool called through it in a method.
func newAgent() (*agent, error) {
	opts := []mcp.ClientOption{mcp.WithRetry(mcp.RetryConfig{MaxRetries: 2, InitialBackoff: time.Second})} // want `up to 2 times`
	c, err := mcp.NewSSEClient("http://localhost/sse", info, opts...)
	if err != nil {
		return nil, err
	}
	return &agent{mcp: c}, nil
}

func (a *agent) run(ctx context.Context) error {
	_, err := a.mcp.CallTool(ctx, chargeReq())
	return err
}

// The retrying client is passed to a function that calls a tool.
func Passed(ctx context.Context) error {
	c, err := mcp.NewClient("http://localhost/mcp", info, mcp.WithSimpleRetry(20)) // want `up to 10 times`
	if err != nil {
		return err
	}
	return send(ctx, c)
}

func send(ctx context.Context, c *mcp.Client) error {
	_, err := c.CallTool(ctx, chargeReq())
	return err
}

// ok: the retrying client only lists tools.
func Lister(ctx context.Context) error {
	c, err := mcp.NewClient("http://localhost/mcp", info, mcp.WithSimpleRetry(3))
	if err != nil {
		return err
	}
	_, err = c.ListTools(ctx, &mcp.ListToolsRequest{})
	return err
}

// ok: the tool call sends a key.
func Keyed(ctx context.Context, key string) error {
	c, err := mcp.NewClient("http://localhost/mcp", info, mcp.WithSimpleRetry(3))
	if err != nil {
		return err
	}
	_, err = c.CallTool(ctx, &mcp.CallToolRequest{Params: mcp.CallToolParams{Name: "charge", Arguments: map[string]interface{}{"idempotency_key": key}}})
	return err
}

// ok: with tasks, tools/call is a task request, which is not retried.
func Tasks(ctx context.Context) error {
	c, err := mcp.NewClient("http://localhost/mcp", info, mcp.WithSimpleRetry(3), mcp.WithTasks(true))
	if err != nil {
		return err
	}
	_, err = c.CallTool(ctx, chargeReq())
	return err
}

// A hand-written retry loop around the SDK's CallTool.
func Loop(ctx context.Context, c *mcp.Client) error {
	var err error
	for i := 0; i < 3; i++ {
		if _, err = c.CallTool(ctx, chargeReq()); err == nil { // want `CallTool\("charge"\) is sent again by this loop`
			return nil
		}
	}
	return err
}

// retryOpt makes the retry option a client is built with.
func retryOpt(n int) mcp.ClientOption { return mcp.WithSimpleRetry(n) }

// tasksOpt makes the tasks option.
func tasksOpt() mcp.ClientOption { return mcp.WithTasks(true) }

// A retry option made by a helper re-sends the tool call as well.
func HelperOption(ctx context.Context) error {
	c, err := mcp.NewClient("http://localhost/mcp", info, retryOpt(4)) // want `this trpc-mcp-go client option re-sends every request up to 4 times`
	if err != nil {
		return err
	}
	_, err = c.CallTool(ctx, chargeReq())
	return err
}

// ok: the helper's option sets no retry.
func HelperOptionNone(ctx context.Context) error {
	c, err := mcp.NewClient("http://localhost/mcp", info, retryOpt(0))
	if err != nil {
		return err
	}
	_, err = c.CallTool(ctx, chargeReq())
	return err
}

// ok: the tool calls go as tasks, an option a helper makes.
func HelperTasks(ctx context.Context) error {
	c, err := mcp.NewClient("http://localhost/mcp", info, retryOpt(4), tasksOpt())
	if err != nil {
		return err
	}
	_, err = c.CallTool(ctx, chargeReq())
	return err
}

// clientConf keeps the option a client is built with.
type clientConf struct {
	URL   string
	Retry mcp.ClientOption
}

// A retry option kept in a configuration struct re-sends the tool call.
func ConfOption(ctx context.Context) error {
	conf := clientConf{URL: "http://localhost/mcp", Retry: mcp.WithSimpleRetry(2)}
	c, err := mcp.NewClient(conf.URL, info, conf.Retry) // want `this trpc-mcp-go client option re-sends every request up to 2 times`
	if err != nil {
		return err
	}
	_, err = c.CallTool(ctx, chargeReq())
	return err
}

// ok: the configuration's option sets no retry.
func ConfOptionNone(ctx context.Context) error {
	conf := clientConf{URL: "http://localhost/mcp", Retry: mcp.WithSimpleRetry(0)}
	c, err := mcp.NewClient(conf.URL, info, conf.Retry)
	if err != nil {
		return err
	}
	_, err = c.CallTool(ctx, chargeReq())
	return err
}

// dial builds the client from the options its callers give.
func dial(opts ...mcp.ClientOption) (*mcp.Client, error) {
	return mcp.NewClient("http://localhost/mcp", info, opts...)
}

// A retry option given to a helper that builds the client.
func DialRetrying(ctx context.Context) error {
	c, err := dial(mcp.WithSimpleRetry(3)) // want `this trpc-mcp-go client option re-sends every request up to 3 times`
	if err != nil {
		return err
	}
	_, err = c.CallTool(ctx, chargeReq())
	return err
}

// ok: the helper is given no retry option.
func DialPlain(ctx context.Context) error {
	c, err := dial()
	if err != nil {
		return err
	}
	_, err = c.CallTool(ctx, chargeReq())
	return err
}

// ok: the tool calls go as tasks.
func DialTasks(ctx context.Context) error {
	c, err := dial(mcp.WithSimpleRetry(3), mcp.WithTasks(true))
	if err != nil {
		return err
	}
	_, err = c.CallTool(ctx, chargeReq())
	return err
}
