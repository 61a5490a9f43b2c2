// Package app uses the SDK from another package: the facts carry the
// methods across.
package app

import (
	"context"

	"example.com/restsdk"
	"example.com/restsdk/gen"
	"example.com/restsdk/swagger"
)

func RebootAll(ctx context.Context, c *restsdk.Client, ids []int) error { // want RebootAll:`effect\(HTTP POST: .* via \(\*restsdk.ServersService\).Reboot\)`
	for _, id := range ids {
		if err := c.Servers.Reboot(ctx, id); err != nil {
			return err
		}
	}
	return nil
}

func Show(ctx context.Context, c *restsdk.Client, id int) error { // ok: a GET
	_, err := c.Servers.Get(ctx, id)
	return err
}

// Purge sends its own DELETE through the SDK's send function.
func Purge(ctx context.Context, c *restsdk.Client, id string) error { // want Purge:`effect\(HTTP DELETE: .*\)`
	req, err := c.NewRequest(ctx, "DELETE", "servers/"+id, nil)
	if err != nil {
		return err
	}
	_, err = c.Do(ctx, req, nil)
	return err
}

// Fetch GETs through a send function that also writes a file: the file
// write still counts.
func Fetch(ctx context.Context, c *restsdk.Client) error { // want Fetch:`effect\(file write: os.WriteFile via \(\*restsdk.Client\).DoRecorded\)` Fetch:`http\(read\)`
	req, err := c.NewRequest(ctx, "GET", "servers", nil)
	if err != nil {
		return err
	}
	return c.DoRecorded(ctx, req, nil)
}

// Push POSTs through it: the POST is what matters.
func Push(ctx context.Context, c *restsdk.Client) error { // want Push:`effect\(HTTP POST: .* via \(\*restsdk.Client\).DoRecorded\)`
	req, err := c.NewRequest(ctx, "POST", "servers", nil)
	if err != nil {
		return err
	}
	return c.DoRecorded(ctx, req, nil)
}

func Deploy(ctx context.Context, c *gen.ClientWithResponses) error { // want Deploy:`effect\(HTTP POST: .*\)`
	_, err := c.CreateServiceWithResponse(ctx, gen.CreateServiceJSONRequestBody{Name: "web"})
	return err
}

func Stack(c *swagger.Client) error { // want Stack:`effect\(HTTP POST: .*\)`
	_, err := c.CreateStack(&swagger.CreateStackParams{Body: "x"})
	return err
}

func FindStacks(c *swagger.Client) error { // want FindStacks:`effect\(HTTP POST read by design: \(github.com/go-openapi/runtime.ClientTransport\).Submit via \(\*swagger.Client\).SearchStacks\)`
	_, err := c.SearchStacks(&swagger.SearchStacksParams{Query: "x"})
	return err
}
