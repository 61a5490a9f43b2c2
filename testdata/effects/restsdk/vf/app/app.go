// Package app sends what ops's constructors build, from another package.
package app

import (
	"context"

	"example.com/restsdk/vf"
	"example.com/restsdk/vf/ops"
)

func Create(ctx context.Context, c *vf.Client, name string) error { // want Create:`effect\(HTTP POST: \(\*net/http.Client\).Do\)`
	op, err := ops.NewCreateOp(ctx, c.Base, name)
	if err != nil {
		return err
	}
	resp, err := c.HC.Do(op.Req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// ok: a GET built by a constructor.
func Show(ctx context.Context, c *vf.Client, name string) error { // want Show:`http\(read\)`
	op, err := ops.NewShowOp(ctx, c.Base, name)
	if err != nil {
		return err
	}
	resp, err := c.HC.Do(op.Req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func Signup(ctx context.Context, c *vf.Client, name string) error { // want Signup:`effect\(HTTP POST: \(\*net/http.Client\).Do via \(\*vf.Client\).CallAPI\)`
	return c.CallAPI(ctx, ops.SignupParams(name))
}

// ok: the params of a GET.
func Profile(ctx context.Context, c *vf.Client, name string) error { // want Profile:`http\(read\)`
	return c.CallAPI(ctx, ops.ProfileParams(name))
}
