// Package k8srest sends requests through client-go's REST request
// builder: the verb at the start of the chain decides.
package k8srest

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"k8s.io/client-go/rest"
)

type In struct {
	Namespace string `json:"namespace"`
	Template  string `json:"template"`
}

func Register(s *mcp.Server, rc rest.Interface) {
	mcp.AddTool(s, &mcp.Tool{Name: "vm_from_template"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		err := rc.Post(). // want `tool "vm_from_template" is not idempotent but commits a Kubernetes write`
					Namespace(in.Namespace).
					Resource("virtualmachinetemplates").
					Name(in.Template).
					SubResource("create").
					Do(ctx).
					Error()
		return nil, nil, err
	})
	// A client made from a config, with a body (kubevirt's template create).
	mcp.AddTool(s, &mcp.Tool{Name: "vm_from_config"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		rc, err := rest.RESTClientFor(&rest.Config{})
		if err != nil {
			return nil, nil, err
		}
		err = rc.Post().Namespace(in.Namespace).Resource("virtualmachinetemplates").Name(in.Template). // want `tool "vm_from_config" is not idempotent but commits a Kubernetes write`
														SubResource("create").Body([]byte("{}")).Do(ctx).Error()
		return nil, nil, err
	})
	// ok: the same chain with Get.
	mcp.AddTool(s, &mcp.Tool{Name: "template_info"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		_, err := rc.Get().Namespace(in.Namespace).Resource("virtualmachinetemplates").Name(in.Template).DoRaw(ctx)
		return nil, nil, err
	})
	// A request sent by a helper given it: the verb at the call decides.
	mcp.AddTool(s, &mcp.Tool{Name: "drop_via_helper"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, send(ctx, rc.Delete().Namespace(in.Namespace).Resource("virtualmachinetemplates").Name(in.Template)) // want `tool "drop_via_helper" is not marked idempotent and commits a Kubernetes write`
	})
	mcp.AddTool(s, &mcp.Tool{Name: "create_via_helpers"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		r := rc.Post().Namespace(in.Namespace).Resource("virtualmachinetemplates").Body([]byte("{}"))
		return nil, nil, sendLogged(ctx, r) // want `tool "create_via_helpers" is not idempotent but commits a Kubernetes write`
	})
	// The request built by one helper, sent by another.
	mcp.AddTool(s, &mcp.Tool{Name: "drop_built"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		r := dropRequest(rc, in)
		return nil, nil, send(ctx, r) // want `tool "drop_built" is not marked idempotent and commits a Kubernetes write`
	})
	// ok: the helper sends a Get.
	mcp.AddTool(s, &mcp.Tool{Name: "info_via_helper"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, send(ctx, rc.Get().Namespace(in.Namespace).Resource("virtualmachinetemplates").Name(in.Template))
	})
	// A request kept in a local, then sent.
	mcp.AddTool(s, &mcp.Tool{Name: "drop_template"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		r := rc.Delete().Namespace(in.Namespace).Resource("virtualmachinetemplates").Name(in.Template)
		return nil, nil, r.Do(ctx).Error() // want `tool "drop_template" is not marked idempotent and commits a Kubernetes write`
	})
}

// send sends the request its caller built: the caller's verb decides.
func send(ctx context.Context, r *rest.Request) error {
	return r.Do(ctx).Error()
}

// sendLogged passes the request on to send.
func sendLogged(ctx context.Context, r *rest.Request) error {
	return send(ctx, r)
}

// dropRequest builds a DELETE request.
func dropRequest(rc rest.Interface, in In) *rest.Request {
	return rc.Delete().Namespace(in.Namespace).Resource("virtualmachinetemplates").Name(in.Template)
}
