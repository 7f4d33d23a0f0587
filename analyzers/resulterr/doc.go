// Package resulterr defines an Analyzer that reports a reconcile.Result
// asking for a requeue returned together with an error that may be
// non-nil.
//
// # Analyzer resulterr
//
// resulterr: report a requeueing ctrl.Result returned with a possibly non-nil error
//
// When a reconciler returns an error, controller-runtime ignores the
// Result (and, since v0.16, logs a warning): the request is requeued with the rate
// limiter's exponential backoff instead of after RequeueAfter. A return
// statement that sets RequeueAfter or Requeue and also returns an error
// that may be non-nil loses the intended requeue interval on the error
// path. Return the Result with a nil error, or the error with ctrl.Result{}.
package resulterr
