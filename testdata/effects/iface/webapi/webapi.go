// Package webapi is a client of a web API that POSTs its reads as well
// as its writes (slack-go's shape).
package webapi

import (
	"context"
	"net/http"
)

// API is a client of a web API that POSTs its reads as well as its writes.
type API struct{ base string }

func (a *API) post(ctx context.Context, endpoint string) error { // want post:`effect\(HTTP POST` post:`http\(sends POST`
	req, err := http.NewRequestWithContext(ctx, "POST", a.base+endpoint, nil)
	if err != nil {
		return err
	}
	_, err = http.DefaultClient.Do(req)
	return err
}

func (a *API) GetItemsContext(ctx context.Context) error { // want GetItemsContext:`effect\(HTTP POST read by design` GetItemsContext:`http\(read\)`
	return a.post(ctx, "items.list")
}

func (a *API) PostItemContext(ctx context.Context) error { // want PostItemContext:`effect\(HTTP POST`
	return a.post(ctx, "items.add")
}

// Download GETs a file: the API's requests are not all POSTs; the
// path its callers give decides (a GET to /reboot acts).
func (a *API) Download(ctx context.Context, url string) error { // want Download:`http\(sends GET, path of param 1\)`
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	_, err = http.DefaultClient.Do(req)
	return err
}
