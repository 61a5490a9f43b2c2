// Package ops builds what vf's users send: constructors in a package of
// their own, whose results reach the users through the engine's summary
// facts.
package ops

import (
	"context"
	"net/http"
	"strings"

	"example.com/restsdk/vf"
)

// Op is a request ready to send.
type Op struct {
	Name string
	Req  *http.Request
}

func NewCreateOp(ctx context.Context, base, name string) (*Op, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/users", strings.NewReader(name))
	if err != nil {
		return nil, err
	}
	return &Op{Name: "create", Req: req}, nil
}

func NewShowOp(ctx context.Context, base, name string) (*Op, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/users/"+name, nil)
	if err != nil {
		return nil, err
	}
	return &Op{Name: "show", Req: req}, nil
}

// SignupParams are the params of a signup: a POST.
func SignupParams(name string) vf.Params {
	return vf.Params{Method: http.MethodPost, Path: "/signup", Body: strings.NewReader(name)}
}

// ProfileParams are the params of a profile: a GET.
func ProfileParams(name string) vf.Params {
	return vf.Params{Method: http.MethodGet, Path: "/profile/" + name}
}
