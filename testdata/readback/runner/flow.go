package runner

import "context"

// plan keeps a step and its attempts in fields: the value-flow engine
// reads both.
type plan struct {
	attempts int
	step     func(context.Context) error
}

func PlanOnce(ctx context.Context, s *Steps) error {
	p := plan{attempts: 1, step: s.charge}
	return RunN(ctx, p.attempts, p.step) // ok: one attempt
}

func PlanThrice(ctx context.Context, s *Steps) error {
	p := plan{attempts: 3, step: s.charge}
	return RunN(ctx, p.attempts, p.step) // want `RunN runs Steps.charge, which sends CallTool\("charge"\), again`
}

// runPlan runs the plan it is given: each call gives a plan of three
// attempts, judged with the engine's bindings at the calls.
func runPlan(ctx context.Context, p plan) error {
	return RunN(ctx, p.attempts, p.step) // want `RunN runs Steps.charge, which sends CallTool\("charge"\), again`
}

func PlanViaHelper(ctx context.Context, s *Steps) error {
	return runPlan(ctx, plan{attempts: 3, step: s.charge})
}

// runOnce runs a plan of one attempt: each call gives one.
func runOnce(ctx context.Context, p plan) error {
	return RunN(ctx, p.attempts, p.step) // ok: one attempt at every call
}

func PlanViaHelperOnce(ctx context.Context, s *Steps) error {
	return runOnce(ctx, plan{attempts: 1, step: s.charge})
}
