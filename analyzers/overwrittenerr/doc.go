// Package overwrittenerr defines an Analyzer that reports a deferred
// function that assigns its own error to the function's named error
// result, replacing the error the function was returning (catalogue item
// C13).
//
// # Analyzer overwrittenerr
//
// overwrittenerr: report a deferred write whose error replaces the error being returned
//
// A Reconcile with a named error result often patches the status in a
// deferred function. If that function assigns the patch's error to the
// result (retErr = err), it replaces the error the reconcile was already
// returning: the real failure disappears from the logs, the metrics and the
// reason for the backoff, and a successful write assigned unconditionally
// (retErr = r.Status().Update(ctx, obj)) even clears it, so a failed
// reconcile counts as a success and is not retried. Aggregate the two:
// retErr = errors.Join(retErr, err), or kerrors.NewAggregate.
//
// It also reports x, err := f() in an inner block when the new err is only
// compared with nil and the function's own err, which it hides, is read
// after the block: f's failure is dropped. Assign with = instead.
package overwrittenerr
