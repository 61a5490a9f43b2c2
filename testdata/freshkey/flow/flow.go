// Package flow sends dedupe keys whose name or value the syntax does not
// show: a key name returned by a function or kept in a struct field, a
// key kept in a struct field, a request built by a constructor. The
// value-flow engine follows them.
package flow

import (
	"context"

	"github.com/google/uuid"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// keyName is the server's dedupe key argument.
func keyName() string { return "idempotency_key" }

// names holds the argument names of the charge tool.
type names struct{ account, key string }

var chargeNames = names{account: "account", key: "idempotency_key"}

// chargeParams builds the request: the key is the caller's.
func chargeParams(account, key string) *mcp.CallToolParams { // want chargeParams:"keyParams\\(1:idempotency_key\\)"
	return &mcp.CallToolParams{
		Name:      "charge",
		Arguments: map[string]any{"account": account, keyName(): key},
	}
}

// holder keeps a value in a field.
type holder struct{ v string }

// NameFromFunc names the key by a function's result.
func NameFromFunc(ctx context.Context, cs *mcp.ClientSession, account string) error { // want NameFromFunc:"keyParams\\(made idempotency_key\\)"
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		key := uuid.NewString() // want `idempotency key "idempotency_key" is made anew on every attempt of this retry loop`
		_, err = cs.CallTool(ctx, &mcp.CallToolParams{
			Name:      "charge",
			Arguments: map[string]any{"account": account, keyName(): key},
		})
		if err == nil {
			return nil
		}
	}
	return err
}

// NameFromFuncStable makes the key once.
func NameFromFuncStable(ctx context.Context, cs *mcp.ClientSession, account string) error { // want NameFromFuncStable:"keyParams\\(made idempotency_key\\)"
	var err error
	key := uuid.NewString() // ok: made once
	for attempt := 0; attempt < 3; attempt++ {
		_, err = cs.CallTool(ctx, &mcp.CallToolParams{
			Name:      "charge",
			Arguments: map[string]any{"account": account, keyName(): key},
		})
		if err == nil {
			return nil
		}
	}
	return err
}

// NameFromField names the key by a field of a package-level value.
func NameFromField(ctx context.Context, cs *mcp.ClientSession, account string) error { // want NameFromField:"keyParams\\(made idempotency_key\\)"
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		args := map[string]any{chargeNames.account: account}
		args[chargeNames.key] = uuid.NewString() // want `idempotency key "idempotency_key" is made anew on every attempt of this retry loop`
		if _, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: args}); err == nil {
			return nil
		}
	}
	return err
}

// NameFromFieldNotKey sends a correlation id under a name that is no key.
func NameFromFieldNotKey(ctx context.Context, cs *mcp.ClientSession, account string) error { // want NameFromFieldNotKey:"keyParams\\(2:idempotency_key\\)"
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		args := map[string]any{chargeNames.key: account}
		args[chargeNames.account] = uuid.NewString() // ok: "account" is not a key's name
		if _, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "charge", Arguments: args}); err == nil {
			return nil
		}
	}
	return err
}

// KeyInField keeps the key in a struct field made in the loop.
func KeyInField(ctx context.Context, cs *mcp.ClientSession, account string) error { // want KeyInField:"keyParams\\(made idempotency_key\\)"
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		h := holder{v: uuid.NewString()} // want `idempotency key "idempotency_key" is made anew on every attempt of this retry loop`
		_, err = cs.CallTool(ctx, &mcp.CallToolParams{
			Name:      "charge",
			Arguments: map[string]any{"account": account, "idempotency_key": h.v},
		})
		if err == nil {
			return nil
		}
	}
	return err
}

// KeyInFieldStable fills the field once, before the loop.
func KeyInFieldStable(ctx context.Context, cs *mcp.ClientSession, account string) error { // want KeyInFieldStable:"keyParams\\(made idempotency_key\\)"
	var err error
	h := holder{v: uuid.NewString()} // ok: made once
	for attempt := 0; attempt < 3; attempt++ {
		_, err = cs.CallTool(ctx, &mcp.CallToolParams{
			Name:      "charge",
			Arguments: map[string]any{"account": account, "idempotency_key": h.v},
		})
		if err == nil {
			return nil
		}
	}
	return err
}

// ParamsFromCtor builds the request with a constructor, each attempt
// with a new key.
func ParamsFromCtor(ctx context.Context, cs *mcp.ClientSession, account string) error { // want ParamsFromCtor:"keyParams\\(made idempotency_key\\)"
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		key := uuid.NewString() // want `idempotency key "idempotency_key" is made anew on every attempt of this retry loop`
		if _, err = cs.CallTool(ctx, chargeParams(account, key)); err == nil {
			return nil
		}
	}
	return err
}

// ParamsFromCtorStable passes the same key to every attempt.
func ParamsFromCtorStable(ctx context.Context, cs *mcp.ClientSession, account string) error { // want ParamsFromCtorStable:"keyParams\\(made idempotency_key\\)"
	var err error
	key := uuid.NewString() // ok: made once
	for attempt := 0; attempt < 3; attempt++ {
		if _, err = cs.CallTool(ctx, chargeParams(account, key)); err == nil {
			return nil
		}
	}
	return err
}

// heldParams sends the key its caller's holder keeps.
func heldParams(account string, h holder) *mcp.CallToolParams { // want heldParams:"keyParams\\(1.v:idempotency_key\\)"
	return &mcp.CallToolParams{
		Name:      "charge",
		Arguments: map[string]any{"account": account, "idempotency_key": h.v},
	}
}

// sendHeld passes its holder on.
func sendHeld(ctx context.Context, cs *mcp.ClientSession, account string, h *holder) error { // want sendHeld:"keyParams\\(3.v:idempotency_key\\)"
	_, err := cs.CallTool(ctx, heldParams(account, *h))
	return err
}

// KeyInHolderParam gives a constructor a holder made on every attempt.
func KeyInHolderParam(ctx context.Context, cs *mcp.ClientSession, account string) error { // want KeyInHolderParam:"keyParams\\(made idempotency_key\\)"
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		h := holder{v: uuid.NewString()} // want `idempotency key "idempotency_key" is made anew on every attempt of this retry loop`
		if _, err = cs.CallTool(ctx, heldParams(account, h)); err == nil {
			return nil
		}
	}
	return err
}

// KeyInHolderParamStable gives it the same holder on every attempt.
func KeyInHolderParamStable(ctx context.Context, cs *mcp.ClientSession, account string) error { // want KeyInHolderParamStable:"keyParams\\(made idempotency_key\\)"
	var err error
	h := holder{v: uuid.NewString()} // ok: made once
	for attempt := 0; attempt < 3; attempt++ {
		if _, err = cs.CallTool(ctx, heldParams(account, h)); err == nil {
			return nil
		}
	}
	return err
}

// KeyInHolderTwoDeep passes a holder literal made on every attempt
// through two helpers.
func KeyInHolderTwoDeep(ctx context.Context, cs *mcp.ClientSession, account string) error { // want KeyInHolderTwoDeep:"keyParams\\(made idempotency_key\\)"
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = sendHeld(ctx, cs, account, &holder{v: uuid.NewString()}); err == nil { // want `idempotency key "idempotency_key" is made anew on every attempt of this retry loop`
			return nil
		}
	}
	return err
}

// newHolder makes a holder whose key a helper makes.
func newHolder() *holder { return &holder{v: holderKey()} }

func holderKey() string { return uuid.NewString() }

// processHolder is made once, when the program starts.
var processHolder = newHolder()

// KeyInHolderHelpers passes a holder that helpers make on every attempt.
func KeyInHolderHelpers(ctx context.Context, cs *mcp.ClientSession, account string) error { // want KeyInHolderHelpers:"keyParams\\(made idempotency_key\\)"
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = sendHeld(ctx, cs, account, newHolder()); err == nil { // want `idempotency key "idempotency_key" is made anew on every attempt of this retry loop`
			return nil
		}
	}
	return err
}

// KeyInHolderHelpersStable makes the holder once.
func KeyInHolderHelpersStable(ctx context.Context, cs *mcp.ClientSession, account string) error { // want KeyInHolderHelpersStable:"keyParams\\(made idempotency_key\\)"
	var err error
	h := newHolder() // ok: made once
	for attempt := 0; attempt < 3; attempt++ {
		if err = sendHeld(ctx, cs, account, h); err == nil {
			return nil
		}
	}
	return err
}

// KeyInProcessHolder sends the holder the program made at start.
func KeyInProcessHolder(ctx context.Context, cs *mcp.ClientSession, account string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = sendHeld(ctx, cs, account, processHolder); err == nil { // ok: made once
			return nil
		}
	}
	return err
}
