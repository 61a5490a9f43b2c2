// Package freshkey defines an Analyzer that reports idempotency keys made
// anew on every attempt of a retry.
//
// # Analyzer freshkey
//
// freshkey: report idempotency keys made anew on every retry
//
// An idempotency key lets a server recognize a retry: the client makes one
// key per logical operation and sends it with every attempt, and the
// server answers a repeated key with the outcome of the first attempt
// instead of acting again. A key made inside the retry, so that each
// attempt carries a new one, deduplicates nothing: to the server every
// retry is a new operation, and a call that timed out but did run is
// repeated.
//
// freshkey reports a dedupe key that is made inside the attempt of a
// retry construct and sent with that attempt. Retry constructs are those
// of the retry building block: loops that send again after a failure
// (not loops over different items), retry-library closures
// (cenkalti/backoff, avast/retry-go, ...), a project's own retry helpers
// in any package, and recursion on the error path.
//
// A key is sent when a value lands in a key slot: a tool-argument map key
// or a struct field (by name or JSON tag) named like a dedupe key
// (idempotency_key, idempotencyKey, dedupe_id, client_token, ...); a
// _meta entry (go-sdk CallToolParams.Meta, mcp-go Meta.AdditionalFields);
// an HTTP header (Idempotency-Key, X-Idempotency-Key, PayPal-Request-Id,
// Repeatability-Request-ID, Nats-Msg-Id and the others of the catalogue)
// set with Header.Set, Header.Add or a header map literal; AWS
// ClientToken and ClientRequestToken fields; stripe-go
// Params.IdempotencyKey and SetIdempotencyKey. A value passed to a
// function that sends that parameter as a key, in any package (the
// KeyParams fact), or to a parameter named like an idempotency key
// (idempotencyKey, clientToken), is sent as a key too. Trace, span and
// correlation ids are not keys.
//
// A key is fresh when it comes from google/uuid, gofrs/uuid, oklog/ulid,
// rs/xid, ksuid, crypto/rand, math/rand, time.Now or stripe's
// NewIdempotencyKey, from a value derived from one (fmt.Sprintf of a
// UUID, time.Now().UnixNano()), or from a function in any package that
// returns such a value (the FreshFunc fact; a helper of its package that
// only transforms its argument, such as hexOf(b), passes freshness on), or
// from bytes that rand.Read, or a function in any package that fills its
// byte-slice parameter so (the FreshFill fact), filled. A key derived only from data
// that is the same on every attempt (an order id, a hash of the
// arguments) is stable and not reported.
//
// A function that makes a fresh key and sends it (or puts it into the
// request it returns) on every call, in any package, makes a new key for
// each attempt of a retry that calls it: the call is reported, with the
// place where the key is made. A key made only when the caller passed
// none (if key == "" { key = uuid.NewString() }) is the caller's, and not
// reported.
//
// Two SDKs make the key for you, and then the same mistake hides in the
// absence of a key: stripe-go sends a new Idempotency-Key with every
// write call whose params carry no IdempotencyKey, so a write call inside
// an outer retry loop is reported; the AWS SDK for Go v2 fills an empty
// ClientToken or ClientRequestToken into the input struct, so an input
// struct built anew in every attempt is reported (reusing one input keeps
// the token). The params or input may be kept in a field, an options
// struct or a constructor's result, and the SDK call may be made by a
// helper of the project, in this package or another: a call of the
// helper in the attempt is reported when the helper builds the input
// itself, or when the caller hands it one without a key.
//
// The suggested fix "Create the key once before the retry loop" moves the
// statement that makes the key (key := uuid.NewString()) to just before
// the loop, or out of the retry closure, or introduces a variable there
// for a key made inline in the slot. It is offered only when the move is
// mechanical: the statement is at the top level of the attempt, uses
// nothing defined in it, and moving it reorders nothing with side effects.
//
// WRONG:
//
//	for attempt := 0; attempt < 3; attempt++ {
//		key := uuid.NewString() // a new key per attempt
//		res, err := cs.CallTool(ctx, &mcp.CallToolParams{
//			Name:      "charge",
//			Arguments: map[string]any{"amount": 100, "idempotency_key": key},
//		})
//		if err == nil {
//			return res, nil
//		}
//	}
//
// RIGHT:
//
//	key := uuid.NewString() // one key for the logical charge
//	for attempt := 0; attempt < 3; attempt++ {
//		res, err := cs.CallTool(ctx, &mcp.CallToolParams{
//			Name:      "charge",
//			Arguments: map[string]any{"amount": 100, "idempotency_key": key},
//		})
//		if err == nil {
//			return res, nil
//		}
//	}
//
// The same holds for retry closures: make the key before backoff.Retry or
// retry.Do, not inside the function they call again.
//
// Findings and fixes. The message names the key and the retry; the
// related position is the retry construct, with the fix, and where it is
// safe the finding carries the suggested fix "Create the key once before
// the retry loop".
//
//   - idempotency key "idempotency_key" is made anew on every attempt of
//     this retry loop: the server sees each retry as a new operation.
//     Create the key once before the loop (before calling the retry
//     helper, or in the caller of a recursive retry) and reuse it.
//   - idempotency key "Idempotency-Key", made by charge, is made anew on
//     every attempt of this retry loop: the server sees each retry as a
//     new operation. Create the key once before the loop and pass it to
//     charge.
//   - stripe-go's Idempotency-Key for sc.V1PaymentIntents.Create is made
//     anew on every attempt of this retry loop: the server sees each
//     retry as a new operation. Create a key once before the loop and set
//     it with params.SetIdempotencyKey(key).
//   - the AWS SDK's ClientRequestToken for secretsmanager.CreateSecretInput
//     is made anew on every attempt of this retry loop: the server sees
//     each retry as a new operation. Build the input once before the
//     loop, or set the token to a key made there.
//
// Suppress a finding with "//mcpvet:ignore freshkey <reason>" on the
// reported line or on the retry construct.
//
// Since: v0.1.0.
//
// Flags (on the mcpvet_config analyzer): -mcpvet_config.keys adds
// dedupe-key names (argument keys, fields, JSON tags, header names);
// default empty.
package freshkey
