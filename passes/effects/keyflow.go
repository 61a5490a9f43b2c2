package effects

import (
	"go/ast"
	"go/types"
	"sort"

	"golang.org/x/tools/go/cfg"
)

// EffectAt is one side effect committed in a function body.
type EffectAt struct {
	Call   *ast.CallExpr
	Effect *Effect
	// Keyed reports that a dedupe key guards the effect: a key was read
	// on every path from the function's entry to the call, the call
	// passes a key to the effect itself (an Idempotency-Key header, an
	// IdempotencyKey field), or its callee reads a key itself.
	Keyed bool
}

// EffectsIn lists the effects committed in body, reachable ones only, in
// source order, each with whether a dedupe key guards it. It is a forward
// must-analysis over the body's control-flow graph; function literals
// count where they appear (a transaction callback runs in place).
// dedupekey and toolhints share it.
func (r *Result) EffectsIn(info *types.Info, body *ast.BlockStmt) []EffectAt {
	type event struct {
		at   EffectAt
		read bool
		pos  int
	}
	sc := NewScope(info, body)
	g := cfg.New(body, func(*ast.CallExpr) bool { return true })
	events := make([][]event, len(g.Blocks))
	for _, b := range g.Blocks {
		if !b.Live {
			continue
		}
		for _, n := range b.Nodes {
			var evs []event
			ast.Inspect(n, func(x ast.Node) bool {
				if _, ok := r.KeyReadAt(info, x); ok {
					evs = append(evs, event{read: true, pos: int(x.Pos())})
				}
				if call, ok := x.(*ast.CallExpr); ok {
					if e := r.CallEffect(sc, call); e != nil {
						evs = append(evs, event{pos: int(call.Pos()), at: EffectAt{Call: call, Effect: e,
							Keyed: e.KeyChecked || r.argsReadKey(info, call)}})
					}
				}
				return true
			})
			sort.SliceStable(evs, func(i, j int) bool { return evs[i].pos < evs[j].pos })
			events[b.Index] = append(events[b.Index], evs...)
		}
	}

	// keyedIn[b] holds when a key was read on every path to b's start.
	preds := make([][]int32, len(g.Blocks))
	for _, b := range g.Blocks {
		for _, s := range b.Succs {
			preds[s.Index] = append(preds[s.Index], b.Index)
		}
	}
	keyedIn := make([]bool, len(g.Blocks))
	keyedOut := make([]bool, len(g.Blocks))
	for i := range keyedIn {
		keyedIn[i], keyedOut[i] = true, true
	}
	for changed := true; changed; {
		changed = false
		for _, b := range g.Blocks {
			in := b.Index != 0
			for _, p := range preds[b.Index] {
				if g.Blocks[p].Live && !keyedOut[p] {
					in = false
				}
			}
			out := in
			for _, ev := range events[b.Index] {
				out = out || ev.read
			}
			if in != keyedIn[b.Index] || out != keyedOut[b.Index] {
				keyedIn[b.Index], keyedOut[b.Index] = in, out
				changed = true
			}
		}
	}

	var result []EffectAt
	for _, b := range g.Blocks {
		if !b.Live {
			continue
		}
		keyed := keyedIn[b.Index]
		for _, ev := range events[b.Index] {
			if ev.read {
				keyed = true
				continue
			}
			ev.at.Keyed = ev.at.Keyed || keyed
			result = append(result, ev.at)
		}
	}
	sort.SliceStable(result, func(i, j int) bool { return result[i].Call.Pos() < result[j].Call.Pos() })
	return result
}

// argsReadKey reports whether the call passes a dedupe key to the effect.
func (r *Result) argsReadKey(info *types.Info, call *ast.CallExpr) bool {
	found := false
	for _, a := range call.Args {
		ast.Inspect(a, func(x ast.Node) bool {
			if _, ok := r.KeyReadAt(info, x); ok {
				found = true
			}
			return !found
		})
	}
	return found
}
