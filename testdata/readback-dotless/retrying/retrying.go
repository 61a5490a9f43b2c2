// Package retrying is a helper of a module whose path has no dot (as
// many private modules are named): it alone imports go-retryablehttp.
package retrying

import "github.com/hashicorp/go-retryablehttp"

// NewClient returns a client that re-sends failed requests.
func NewClient() *retryablehttp.Client { return retryablehttp.NewClient() }
