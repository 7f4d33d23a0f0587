// Package timewait defines an Analyzer that reports a reconcile that waits
// for a moment in time and returns an empty Result with a nil error
// (catalogue item C14).
//
// # Analyzer timewait
//
// timewait: report a wait for a moment in time that returns ctrl.Result{} without RequeueAfter
//
// A branch of a reconcile taken while the current time is before some
// moment (time.Now().Before(t), time.Since(x) < ttl, time.Until(t) > 0,
// a clock's Now) that returns ctrl.Result{} and a nil error waits for that
// moment without asking to be woken: no watch event fires when a clock
// advances, so nothing reconciles the object again until an unrelated
// event or the periodic resync, hours later. Return
// ctrl.Result{RequeueAfter: d} with d the time left; the suggested fix
// does so where the time left can be written from the condition. It also
// reports a final return of ctrl.Result{} after statements that compute
// the time left until a moment into a local variable (time.Until(t),
// t.Sub(now)) and only log it.
package timewait
