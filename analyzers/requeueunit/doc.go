// Package requeueunit defines an Analyzer that reports a RequeueAfter
// written as a bare number, which a time.Duration counts in nanoseconds.
//
// # Analyzer requeueunit
//
// requeueunit: report a RequeueAfter given a bare number of nanoseconds, a hot requeue loop
//
// A reconcile.Result's RequeueAfter is a time.Duration, a count of
// nanoseconds: ctrl.Result{RequeueAfter: 10}, a constant under a
// millisecond written without a unit of package time, or time.Duration(n)
// of an integer that holds no duration (a number of seconds from a flag)
// asks controller-runtime to requeue the object after a few nanoseconds,
// at once, again and again: a hot reconcile loop that floods the API
// server and the log. Write the unit: 10 * time.Second,
// time.Duration(n) * time.Second (the suggested fix counts in seconds).
package requeueunit
