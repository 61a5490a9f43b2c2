package effects

import "testing"

// TestClassifySQL: statements by their first keyword, with a trailing
// semicolon, and the stored procedures the catalogue knows.
func TestClassifySQL(t *testing.T) {
	for _, tc := range []struct {
		q           string
		write, idem bool
	}{
		{"BEGIN;", false, false},
		{"COMMIT;", false, false},
		{"USE `db`;", false, false},
		{"SELECT 1;", false, false},
		{"CALL DOLT_CHECKOUT('main');", false, false},
		{"CALL DOLT_ADD('-A');", true, true},
		{"CALL DOLT_BRANCH('x');", true, true},
		{"CALL DOLT_BRANCH('-d', 'x');", true, true},
		{"CALL DOLT_COMMIT('-m', 'msg');", true, true},
		{"CALL DOLT_COMMIT('--allow-empty', '-m', 'msg');", true, false},
		{"CALL DOLT_REVERT('HEAD');", true, false},
		{"CALL `DOLT_CHECKOUT`('main')", false, false},
		{"DELETE FROM t;", true, true},
		{"INSERT INTO t VALUES (1);", true, false},
		{"INSERT INTO audit_event (actor) VALUES ($1)", false, false},
		{`insert into public."mcp_audit_logs"(tool) values ($1)`, false, false},
		{"INSERT INTO auditors (name) VALUES ($1)", true, false},
		{"INSERT INTO AuditLog (x) VALUES (1)", false, false},
		{"INSERT INTO events (kind) SELECT 'audit'", true, false},
		{"UPDATE audit_event SET seen = true", true, true},
		{"KILL 3;", true, false}, // not known: the default
	} {
		write, idem := classifySQL(tc.q, true)
		if write != tc.write || idem != tc.idem {
			t.Errorf("classifySQL(%q) = %v, %v; want %v, %v", tc.q, write, idem, tc.write, tc.idem)
		}
	}
	for q, want := range map[string]bool{
		"INSERT INTO t ": true, "update t set ": true, "WITH x AS ": true, "DELETE FROM ": false, "CALL DOLT_ADD(": false,
	} {
		if editsRows(q) != want {
			t.Errorf("editsRows(%q) = %v, want %v", q, !want, want)
		}
	}
}
