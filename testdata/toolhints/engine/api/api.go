// Package api drives the engine through its REST API, whose actions are
// POSTs (POST /containers/{id}/stop).
package api

import (
	"context"
	"net/http"
)

type API struct{ Base string }

func (a *API) do(ctx context.Context, method, path string) error {
	req, err := http.NewRequestWithContext(ctx, method, a.Base+path, nil)
	if err != nil {
		return err
	}
	_, err = http.DefaultClient.Do(req)
	return err
}

func (a *API) Stop(ctx context.Context, id string) error {
	return a.do(ctx, http.MethodPost, "/containers/"+id+"/stop")
}

func (a *API) Run(ctx context.Context, image string) error {
	return a.do(ctx, http.MethodPost, "/containers/create?image="+image)
}

// Inspect reads.
func (a *API) Inspect(ctx context.Context, id string) error {
	return a.do(ctx, http.MethodGet, "/containers/"+id+"/json")
}
