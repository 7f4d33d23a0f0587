// Package lostwakeup defines an Analyzer that reports a reconciler that
// returns without requeue right after writing an object of a type its
// controller does not watch, while work remains for a later reconcile.
//
// # Analyzer lostwakeup
//
// lostwakeup: report an early return without requeue that no watch event will wake up
//
// When Reconcile creates, updates, patches or deletes an object whose type
// is none of the controller's For, Owns or Watches types and then returns
// ctrl.Result{} with a nil error, skipping steps that the next reconcile
// would take, nothing brings that next reconcile: no watch event comes for
// the object just written. The remaining steps wait for an unrelated event
// or the periodic resync, hours later. Return ctrl.Result{RequeueAfter: d}.
package lostwakeup
