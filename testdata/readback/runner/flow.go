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
