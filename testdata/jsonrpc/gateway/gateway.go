// Package gateway answers tools/call by forwarding it to the upstream
// server the tool's name prefix selects. Its map is keyed by the
// upstream servers its configuration names, not by tools it declares:
// it registers no tool of its own.
package gateway

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
)

// Upstream is a server the gateway forwards to.
type Upstream interface {
	Forward(name string, args json.RawMessage) (json.RawMessage, error)
}

type httpUpstream struct{ url string }

func (u *httpUpstream) Forward(name string, args json.RawMessage) (json.RawMessage, error) {
	resp, err := http.Post(u.url+"/tools/"+name, "application/json", strings.NewReader(string(args)))
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var out json.RawMessage
	return out, json.NewDecoder(resp.Body).Decode(&out)
}

// Gateway holds the upstream servers by name.
type Gateway struct {
	upstreams map[string]Upstream
}

// Config lists the upstream servers.
type Config struct {
	Servers []struct{ Name, URL string }
}

// New makes a gateway of the configured servers.
func New(cfg Config) *Gateway {
	g := &Gateway{upstreams: make(map[string]Upstream)}
	for _, s := range cfg.Servers {
		g.upstreams[s.Name] = &httpUpstream{url: s.URL}
	}
	return g
}

// Handle answers one request.
func (g *Gateway) Handle(method string, params map[string]json.RawMessage) (json.RawMessage, error) {
	switch method {
	case "tools/call":
		var name string
		if err := json.Unmarshal(params["name"], &name); err != nil {
			return nil, err
		}
		server, tool, _ := strings.Cut(name, "__")
		u, ok := g.upstreams[server]
		if !ok {
			return nil, fmt.Errorf("no server %q", server)
		}
		return u.Forward(tool, params["arguments"])
	}
	return nil, fmt.Errorf("method not found: %s", method)
}
