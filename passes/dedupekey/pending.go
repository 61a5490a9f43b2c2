package dedupekey

import (
	"golang.org/x/tools/go/analysis"

	"github.com/mcpvet/mcpvet/internal/analysisutil"
	"github.com/mcpvet/mcpvet/internal/wording"
	"github.com/mcpvet/mcpvet/passes/effects"
	"github.com/mcpvet/mcpvet/passes/mcpmodel"
	"github.com/mcpvet/mcpvet/passes/wiring"
)

// Handlers whose store main wires in (package wiring): a tool that is
// not idempotent, whose handler reads no dedupe key anywhere and whose
// schema names none, and whose pending interface call resolves in the
// wiring package to an effect, is reported there, at its call of the
// handler's package (server.NewMCPServer(...)), with the registration
// and the handler's call as related positions. The order of a pending
// call and a key read is not followed across packages.

// checkPending reports the wired tools (wiring.Result.Wired) that are
// not idempotent and read no key, whose pending call resolves here to an
// effect.
func checkPending(pass *analysis.Pass, rep *analysisutil.Reporter, w *wiring.Result) {
	for _, wt := range w.Wired(pass) {
		t := wt.Tool
		if t.ReadOnly != mcpmodel.False || t.Idempotent != mcpmodel.False || t.Keyed || t.Asserted {
			continue
		}
		e, c := w.Resolve(wt, func(*effects.Effect, wiring.PendingCall) bool { return true })
		if e == nil || e.Idempotent && !t.Annotated || effects.NamedRead(e, t.Name) {
			continue
		}
		related, where := w.Related(pass, wt, c, e, false, registeredFix(t.HintFile, t.Annotated, e))
		wired := " (the implementation is wired in by this program)"
		if where != "" {
			wired = " (" + where + "; the implementation is wired in by this program)"
		}
		rep.Report(analysis.Diagnostic{
			Pos: wt.At.Pos(), End: wt.At.End(),
			Category: wording.UnkeyedEffect,
			Message:  wording.UnkeyedEffectMessage(t.Name, wording.Effect(e.Kind, e.Method, e.Via), e.Idempotent) + wired,
			Related:  related,
		})
	}
}
