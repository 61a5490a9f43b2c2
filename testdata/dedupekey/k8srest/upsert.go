package k8srest

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
)

var configMaps = schema.GroupVersionResource{Version: "v1", Resource: "configmaps"}

// RegisterUpsert registers a create and an upsert (a Get of the same
// collection, then an Update or a Create): a repeat of the upsert
// updates what the first call created.
func RegisterUpsert(s *mcp.Server, dc dynamic.Interface) {
	mcp.AddTool(s, &mcp.Tool{Name: "create_config"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		obj := &unstructured.Unstructured{}
		obj.SetName(in.Template)
		_, err := dc.Resource(configMaps).Namespace(in.Namespace).Create(ctx, obj, metav1.CreateOptions{}) // want `tool "create_config" is not idempotent but commits a Kubernetes write`
		return nil, nil, err
	})
	mcp.AddTool(s, &mcp.Tool{Name: "upsert_config"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		obj := &unstructured.Unstructured{}
		obj.SetName(in.Template)
		existing, err := dc.Resource(configMaps).Namespace(in.Namespace).Get(ctx, in.Template, metav1.GetOptions{})
		if err == nil {
			obj.SetResourceVersion(existing.GetResourceVersion())
			_, err = dc.Resource(configMaps).Namespace(in.Namespace).Update(ctx, obj, metav1.UpdateOptions{}) // want `tool "upsert_config" is not marked idempotent and commits a Kubernetes write`
			return nil, nil, err
		}
		_, err = dc.Resource(configMaps).Namespace(in.Namespace).Create(ctx, obj, metav1.CreateOptions{})
		return nil, nil, err
	})
}
