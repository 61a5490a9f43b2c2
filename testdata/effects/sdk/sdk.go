// Package sdk is a client of another module: its methods commit effects
// that the server reaches through its own interfaces.
package sdk

import (
	"context"
	"database/sql"
	"os/exec"
)

type Client struct{ db *sql.DB }

func (c *Client) Send(ctx context.Context, msg string) error { // want Send:`effect\(SQL write`
	_, err := c.db.ExecContext(ctx, "INSERT INTO outbox (msg) VALUES ($1)", msg)
	return err
}

func (c *Client) Peek(ctx context.Context) error { // ok: a read
	_, err := c.db.QueryContext(ctx, "SELECT msg FROM outbox")
	return err
}

// Version runs a command line the library fixes itself: in a dependency,
// a binary not in the tables of known clients is not judged.
func (c *Client) Version(ctx context.Context) ([]byte, error) { // ok: a dependency's own command line
	return exec.CommandContext(ctx, "pkg-config", "--modversion", "sdk").Output()
}

// Kubectl runs kubectl with the caller's arguments: the callers decide.
func Kubectl(ctx context.Context, args ...string) ([]byte, error) { // want Kubectl:`effect\(process run: .* \[kubectl \$2...\]\)`
	return exec.CommandContext(ctx, "kubectl", args...).Output()
}

// Tracker is an issue tracker's client whose transport no table knows:
// its methods are judged by their names (the generic rule).
type Tracker struct{ endpoint string }

func (t *Tracker) AddComment(ctx context.Context, issue, body string) error { return nil }

func (t *Tracker) MoveIssue(ctx context.Context, issue, sprint string) error { return nil }

func (t *Tracker) TransitionIssue(ctx context.Context, issue, to string) error { return nil }

func (t *Tracker) CreateOrderPreview(ctx context.Context, order string) error { return nil }

func (t *Tracker) DeployDryRun(ctx context.Context, app string) error { return nil }

// SafeDelete deletes an issue if it has no links (go-tfe's
// Workspaces.SafeDelete): the verb follows a modifier.
func (t *Tracker) SafeDelete(ctx context.Context, issue string) error { return nil }

// SafetyCheck reads: its first word is no modifier.
func (t *Tracker) SafetyCheck(ctx context.Context, issue string) error { return nil }

// SafeList reads: a modifier before a read verb.
func (t *Tracker) SafeList(ctx context.Context) error { return nil }

// DropIndex and RenameBoard change a tracker's schema: each converges.
func (t *Tracker) DropIndex(ctx context.Context, name string) error { return nil }

func (t *Tracker) RenameBoard(ctx context.Context, from, to string) error { return nil }
