// Package remote calls an SDK client of another module whose methods are
// judged by their names: mutation verbs, and dry-run words that outweigh
// them.
package remote

import (
	"context"

	"example.com/sdk"
)

func Comment(ctx context.Context, t *sdk.Tracker) error { // want Comment:`effect\(remote mutation: \(\*sdk.Tracker\).AddComment\)`
	return t.AddComment(ctx, "ISSUE-1", "done")
}

func Move(ctx context.Context, t *sdk.Tracker) error { // want Move:`effect\(remote mutation: \(\*sdk.Tracker\).MoveIssue\)`
	return t.MoveIssue(ctx, "ISSUE-1", "sprint-2")
}

func Transition(ctx context.Context, t *sdk.Tracker) error { // want Transition:`effect\(remote mutation: \(\*sdk.Tracker\).TransitionIssue\)`
	return t.TransitionIssue(ctx, "ISSUE-1", "Done")
}

func Preview(ctx context.Context, t *sdk.Tracker) error { // ok: a preview of a create
	return t.CreateOrderPreview(ctx, "order-1")
}

func DryRun(ctx context.Context, t *sdk.Tracker) error { // ok: a dry run of a deploy
	return t.DeployDryRun(ctx, "app")
}

func SafeDelete(ctx context.Context, t *sdk.Tracker) error { // want SafeDelete:`effect\(remote mutation: \(\*sdk.Tracker\).SafeDelete\)`
	return t.SafeDelete(ctx, "ISSUE-1")
}

func SafeReads(ctx context.Context, t *sdk.Tracker) error { // ok: Safety is no modifier, and List no mutation
	if err := t.SafetyCheck(ctx, "ISSUE-1"); err != nil {
		return err
	}
	return t.SafeList(ctx)
}

func Drop(ctx context.Context, t *sdk.Tracker) error { // want Drop:`effect\(remote mutation: \(\*sdk.Tracker\).DropIndex\)`
	return t.DropIndex(ctx, "by_date")
}

func Rename(ctx context.Context, t *sdk.Tracker) error { // want Rename:`effect\(remote mutation: \(\*sdk.Tracker\).RenameBoard\)`
	return t.RenameBoard(ctx, "old", "new")
}
