// Package gitlabgql serves tools that send GraphQL documents through
// go-gitlab's GraphQL.Do: every operation is a POST, so a query reads and
// only a mutation writes.
package gitlabgql

import (
	"context"

	gl "gitlab.com/gitlab-org/api/client-go/v2"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

const (
	queryRulesCE = `query($path: ID!) { project(fullPath: $path) { branchRules { nodes { name } } } }`
	queryRulesEE = `query($path: ID!) { project(fullPath: $path) { branchRules { nodes { name approvalRules { nodes { name } } } } } }`
	mutateRule   = `mutation($id: ID!) { branchRuleDelete(input: {id: $id}) { errors } }`
)

type In struct {
	Path string `json:"path"`
}

// send is the project's one GraphQL helper: its callers give the
// document.
func send(c *gl.Client, query string, vars map[string]any) error {
	var resp map[string]any
	_, err := c.GraphQL.Do(gl.GraphQLQuery{Query: query, Variables: vars}, &resp)
	return err
}

// listRules picks one of two queries.
func listRules(c *gl.Client, path string, enterprise bool) error {
	query := queryRulesCE
	if enterprise {
		query = queryRulesEE
	}
	return send(c, query, map[string]any{"path": path})
}

func Register(s *mcp.Server, c *gl.Client) {
	ro := &mcp.ToolAnnotations{ReadOnlyHint: true}
	mcp.AddTool(s, &mcp.Tool{Name: "branch_rules", Annotations: ro}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, listRules(c, in.Path, false) // ok: GraphQL queries read
	})
	mcp.AddTool(s, &mcp.Tool{Name: "branch_rule_drop", Annotations: ro}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return nil, nil, send(c, mutateRule, map[string]any{"id": in.Path}) // want `tool "branch_rule_drop" is annotated read-only but sends an HTTP POST`
	})
}
