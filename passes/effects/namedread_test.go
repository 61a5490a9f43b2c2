package effects

import "testing"

func TestNamedRead(t *testing.T) {
	post := func(via string, trail ...string) *Effect {
		e := &Effect{Kind: kindHTTP, Method: "POST", Via: via}
		for _, c := range trail {
			e.Trail = append(e.Trail, Hop{Callee: c})
		}
		return e
	}
	built := post("traces.fetchTraces")
	built.Mutation = true
	for _, tc := range []struct {
		tool string
		e    *Effect
		want bool
	}{
		{"get_alert_config", post("alerting.fetchAlertGroupEntities", "(*net/http.Client).Do"), true},
		{"list-tables", post("mcp.queryHelper", "(*planetscale.Client).do"), true},
		{"searchLogs", post("", "(*api.Client).send"), true},
		{"server_stats", post("stats.Fetch"), false},       // not named like a read
		{"get_or_create_user", post("users.Fetch"), false}, // a change in the tool's name
		{"get_server", post("rest.Servers.Update"), false}, // a change on the way
		{"list_tables", post("mcp.executeQueryPostgres", // a credential created on the way, behind an interface
			"roleutil.New", "planetscale.PostgresRolesService.Create (implemented by (*planetscale.postgresRolesService).Create)"), false},
		{"get_post_comments", post("(*api.Client).post"), true}, // a transport's verb
		{"get_status", &Effect{Kind: kindHTTP, Method: "PUT"}, false},
		{"get_item", built, false},                                      // built by createItem
		{"linear_get_issue", post("(*linear.Client).execute"), true},    // a namespace before the verb
		{"jira_search", post("(*jira.Client).execute"), true},           // a namespace before the verb alone
		{"jira_transition", post("(*jira.Client).execute"), false},      // a change after the namespace
		{"order_status", post("(*shop.Client).execute"), false},         // no verb
		{"prometheus_label_values", post("(*prom.Client).post"), false}, // no verb
		{"jira_create_issue", post("(*jira.Client).execute"), false},    // a change
		{"cache_set_get", post("(*cache.Client).post"), false},          // a state verb first
	} {
		if got := NamedRead(tc.e, tc.tool); got != tc.want {
			t.Errorf("NamedRead(%s via %q) = %v, want %v", tc.tool, tc.e.Via, got, tc.want)
		}
	}
	for name, want := range map[string]bool{"createTraceRequest": true, "buildReq": true, "createItem": false, "Request": false} {
		if got := namesRequest(name); got != want {
			t.Errorf("namesRequest(%q) = %v, want %v", name, got, want)
		}
	}
}
