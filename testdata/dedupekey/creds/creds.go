// Package creds has handlers that send a credential named like a dedupe
// key (an AWS-style ClientToken set at startup): that is no key of the
// client, and the handlers are still reported. Each has a twin that takes
// the key from the tool call.
package creds

import (
	"context"

	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/dedupekey/cloud"
	"example.com/dedupekey/keyhelper"
)

type Config struct {
	ClientToken string // the API credential
}

type Server struct {
	cfg   Config
	kcfg  *keyhelper.Config
	cloud *cloud.Client
}

type LaunchIn struct {
	Name string `json:"name"`
}

type LaunchKeyedIn struct {
	Name        string `json:"name"`
	ClientToken string `json:"client_token"` // made once by the client
}

// launch: cloud.Launch sends the client's credential as Client-Token.
func (s *Server) launch(ctx context.Context, req *gosdk.CallToolRequest, in LaunchIn) (*gosdk.CallToolResult, any, error) {
	return nil, nil, s.cloud.Launch(ctx, in.Name) // want `tool "launch" is not idempotent but sends an HTTP [A-Z]+ \(cloud.Client.Launch\)`
}

// launchCfg reads the server's own credential and passes it as the token.
func (s *Server) launchCfg(ctx context.Context, req *gosdk.CallToolRequest, in LaunchIn) (*gosdk.CallToolResult, any, error) {
	return nil, nil, s.cloud.LaunchOnce(ctx, s.cfg.ClientToken, in.Name) // want `tool "launch_cfg" is not idempotent`
}

// launchHelper gets the credential through a helper of another package.
func (s *Server) launchHelper(ctx context.Context, req *gosdk.CallToolRequest, in LaunchIn) (*gosdk.CallToolResult, any, error) {
	tok := s.kcfg.Token()
	return nil, nil, s.cloud.LaunchOnce(ctx, tok, in.Name) // want `tool "launch_helper" is not idempotent`
}

// ok: the token comes from the typed input.
func (s *Server) launchKeyed(ctx context.Context, req *gosdk.CallToolRequest, in LaunchKeyedIn) (*gosdk.CallToolResult, any, error) {
	return nil, nil, s.cloud.LaunchOnce(ctx, in.ClientToken, in.Name)
}

// ok: the key comes from _meta, read by a helper given the request.
func (s *Server) launchMeta(ctx context.Context, req *gosdk.CallToolRequest, in LaunchIn) (*gosdk.CallToolResult, any, error) {
	return nil, nil, s.cloud.LaunchOnce(ctx, keyhelper.FromMeta(req), in.Name)
}

// ok: the key comes from the request's headers.
func (s *Server) launchHeader(ctx context.Context, req *gosdk.CallToolRequest, in LaunchIn) (*gosdk.CallToolResult, any, error) {
	key := req.Extra.Header.Get("Idempotency-Key")
	return nil, nil, s.cloud.LaunchOnce(ctx, key, in.Name)
}

func RegisterGoSDK(srv *gosdk.Server, s *Server) {
	gosdk.AddTool(srv, &gosdk.Tool{Name: "launch"}, s.launch)
	gosdk.AddTool(srv, &gosdk.Tool{Name: "launch_cfg"}, s.launchCfg)
	gosdk.AddTool(srv, &gosdk.Tool{Name: "launch_helper"}, s.launchHelper)
	gosdk.AddTool(srv, &gosdk.Tool{Name: "launch_keyed"}, s.launchKeyed)
	gosdk.AddTool(srv, &gosdk.Tool{Name: "launch_meta"}, s.launchMeta)
	gosdk.AddTool(srv, &gosdk.Tool{Name: "launch_header"}, s.launchHeader)
}

// RegisterMCPGo registers closures that capture the configuration.
func RegisterMCPGo(s *server.MCPServer, cfg Config, c *cloud.Client) {
	s.AddTool(mcp.NewTool("launch_closure", mcp.WithString("name")), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, c.LaunchOnce(ctx, cfg.ClientToken, req.GetString("name", "")) // want `tool "launch_closure" is not idempotent`
	})
	// ok: the token is an argument of the call.
	s.AddTool(mcp.NewTool("launch_closure_keyed", mcp.WithString("name"), mcp.WithString("client_token")), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, c.LaunchOnce(ctx, req.GetString("client_token", ""), req.GetString("name", ""))
	})
	// ok: the key comes from the arguments map, through a local.
	s.AddTool(mcp.NewTool("launch_args", mcp.WithString("name")), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		args := req.GetArguments()
		tok, _ := args["client_token"].(string)
		return nil, c.LaunchOnce(ctx, tok, req.GetString("name", ""))
	})
	// A credential held in a local of the registering function.
	tok := cfg.ClientToken
	s.AddTool(mcp.NewTool("launch_local", mcp.WithString("name")), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, c.LaunchOnce(ctx, tok, req.GetString("name", "")) // want `tool "launch_local" is not idempotent`
	})
	// ok: typed arguments bound into a struct.
	s.AddTool(mcp.NewTool("launch_bind", mcp.WithString("name")), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var in LaunchKeyedIn
		if err := req.BindArguments(&in); err != nil {
			return nil, err
		}
		return nil, c.LaunchOnce(ctx, in.ClientToken, in.Name)
	})
	// ok: bound into a struct whose address a decoding option carries.
	s.AddTool(mcp.NewTool("launch_bind_opts", mcp.WithString("name")), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var in LaunchKeyedIn
		o := bindTo(&in)
		if err := req.BindArguments(o.target); err != nil {
			return nil, err
		}
		return nil, c.LaunchOnce(ctx, in.ClientToken, in.Name)
	})
	// The option carries the address of another struct than the one
	// whose token is sent: the token is the server's default.
	s.AddTool(mcp.NewTool("launch_bind_other", mcp.WithString("name")), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var in LaunchKeyedIn
		var defaults LaunchKeyedIn
		defaults.ClientToken = cfg.ClientToken
		o := bindTo(&in)
		if err := req.BindArguments(o.target); err != nil {
			return nil, err
		}
		_ = &defaults
		return nil, c.LaunchOnce(ctx, defaults.ClientToken, in.Name) // want `tool "launch_bind_other" is not idempotent`
	})
	// ok: a typed handler's input.
	s.AddTool(mcp.NewTool("launch_typed", mcp.WithString("name")), mcp.NewTypedToolHandler(func(ctx context.Context, req mcp.CallToolRequest, in LaunchKeyedIn) (*mcp.CallToolResult, error) {
		return nil, c.LaunchOnce(ctx, in.ClientToken, in.Name)
	}))
	// ok: the request's headers.
	s.AddTool(mcp.NewTool("launch_hdr", mcp.WithString("name")), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, c.LaunchOnce(ctx, req.Header.Get("Idempotency-Key"), req.GetString("name", ""))
	})
}

// bindOpts says how a handler decodes its arguments, and into what.
type bindOpts struct {
	target any
	strict bool
}

func bindTo(v any) bindOpts { return bindOpts{target: v, strict: true} }
