// Package retry defines a building-block analyzer that recognizes the
// places where code tries an operation again after it failed: retry loops,
// retry libraries, the project's own retry helpers, and recursion on the
// error path. It reports nothing; the readback and freshkey checks read
// its Result.
//
// A Construct is one such place. Its Attempt is the code that runs once
// per attempt (a loop body, a closure handed to a retry library or
// helper, the body of a function that calls itself), and its Calls are
// the calls in the Attempt whose error result leads to another attempt.
//
// Recognized constructs:
//
//   - Loop: a for loop, a range over an integer, over a slice of
//     time.Duration (a backoff schedule) or over a channel of time.Time (a
//     ticker), whose body makes a call whose error leads to another
//     iteration (continue, or falling through with the error saved) while
//     success leaves the loop (break, return, or a loop condition that
//     tests the error). A range over a slice, map or channel of items is
//     not a retry: a failure there moves on to the next item.
//   - Library: the retry entry points of cenkalti/backoff (v3, v4, v5),
//     avast/retry-go (v3, v4, v5), failsafe-go (an executor built with a
//     retry policy), sethvargo/go-retry (only when the closure returns
//     retry.RetryableError on a failure path), k8s.io/apimachinery wait
//     (only when the condition returns false, nil after a failed call) and
//     k8s.io/client-go/util/retry (OnError, RetryOnConflict).
//   - HelperCall: a call of a function with a Helper fact: a function, in
//     any package, that calls its function parameter again after that
//     call returned an error (a project's own withRetry).
//   - Recursion: a function that calls itself on the error path of a call,
//     directly or through helpers of its package (up to 3 deep).
//
// An operation, an attempt bound or a retry-go option that a helper is
// given (a parameter of an unexported function) is the value the
// value-flow engine binds at each call of the helper in the package, up
// to 3 callers up: one function at all of them is the Attempt, one
// attempt at all of them is no retry.
//
// Keep this analyzer cheap: under go vet it runs on every package of the
// build. It uses the AST only (no SSA), bails out for the standard
// library, and walks each candidate statement list once per error state.
package retry
