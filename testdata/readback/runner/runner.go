// Package runner has a project's own workflow engine, which re-runs a
// step handed to it after the step failed, and steps that call tools.
package runner

import (
	"context"
	"errors"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/readback/framework"
)

// Engine runs workflow steps.
type Engine struct{ Attempts int }

// Step runs fn, and again after an error, up to e.Attempts times.
func (e *Engine) Step(ctx context.Context, name string, fn func(context.Context) error) error {
	var err error
	for i := 0; i < e.Attempts; i++ {
		if err = fn(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i) * time.Second)
	}
	return err
}

// Once runs fn once.
func (e *Engine) Once(ctx context.Context, name string, fn func(context.Context) error) error {
	return fn(ctx)
}

// Steps holds the steps of the order workflow.
type Steps struct{ cs *mcp.ClientSession }

func (s *Steps) charge(ctx context.Context) error {
	_, err := s.cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: map[string]any{"amount": 1}})
	return err
}

func (s *Steps) ship(ctx context.Context) error {
	_, err := s.cs.CallTool(ctx, &mcp.CallToolParams{Name: "ship"})
	if err != nil {
		return errors.Join(framework.ErrConnection, err)
	}
	return nil
}

func chargeNode(ctx context.Context, state map[string]any) error {
	cs := state["session"].(*mcp.ClientSession)
	_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge"})
	return err
}

// Order hands the steps to the engine, which re-runs them.
func Order(ctx context.Context, e *Engine, s *Steps) error {
	if err := e.Step(ctx, "charge", s.charge); err != nil { // want `Engine.Step runs Steps.charge, which sends CallTool\("charge"\), again after a failed attempt`
		return err
	}
	return e.Once(ctx, "ship", s.ship) // ok: run once
}

// Refund runs the charge step again, through the same engine.
func Refund(ctx context.Context, e *Engine, s *Steps) error {
	return e.Step(ctx, "charge-again", s.charge) // want `Engine.Step runs Steps.charge`
}

// Direct calls the same step once, without a runner.
func Direct(ctx context.Context, s *Steps) error {
	return s.charge(ctx) // ok: called once
}

// Graph hands a named node to the framework's runner, with its default
// policy.
func Graph(ctx context.Context, cs *mcp.ClientSession) error {
	return framework.RunNode(ctx, framework.DefaultRetryPolicy, chargeNode, map[string]any{"session": cs}) // want `framework.RunNode runs chargeNode, which sends CallTool\("charge"\), again`
}

// GraphOnce calls the node once.
func GraphOnce(ctx context.Context, cs *mcp.ClientSession) error {
	return chargeNode(ctx, map[string]any{"session": cs}) // ok: called once
}

// RunN runs fn up to attempts times.
func RunN(ctx context.Context, attempts int, fn func(context.Context) error) error {
	var err error
	for range attempts {
		if err = fn(ctx); err == nil {
			return nil
		}
	}
	return err
}

// Policies chooses the retry policy at each call.
func Policies(ctx context.Context, cs *mcp.ClientSession, s *Steps) error {
	if err := framework.RunNode(ctx, framework.RetryPolicy{MaxAttempts: 1}, chargeNode, map[string]any{"session": cs}); err != nil { // ok: one attempt
		return err
	}
	if err := RunN(ctx, 1, s.charge); err != nil { // ok: one attempt
		return err
	}
	return RunN(ctx, 3, s.charge) // want `RunN runs Steps.charge, which sends CallTool\("charge"\), again`
}
