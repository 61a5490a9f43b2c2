// Package store declares stand-ins that call helpers of another package.
package store

import (
	"context"

	"example.com/effects/standin/errs"
)

// Func calls its function field, and another package's pure helper when
// the field is not set: a stand-in.
type Func struct {
	ChargeFn func(ctx context.Context, account string) error
}

func (f *Func) Charge(ctx context.Context, account string) error { // want Charge:`standin`
	if f.ChargeFn == nil {
		return errs.Missing("ChargeFn")
	}
	return f.ChargeFn(ctx, account)
}

// Reporting writes a file when the field is not set: not a stand-in.
type Reporting struct {
	ChargeFn func(ctx context.Context, account string) error
}

func (f *Reporting) Charge(ctx context.Context, account string) error { // want Charge:`effect\(file write: os.WriteFile via errs.Report\)`
	if f.ChargeFn == nil {
		return errs.Report("ChargeFn")
	}
	return f.ChargeFn(ctx, account)
}
