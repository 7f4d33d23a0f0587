// Package cachenotstarted defines an Analyzer that reports a read through
// the manager's cached client before the manager starts.
//
// # Analyzer cachenotstarted
//
// cachenotstarted: report a Get or List through the manager's cached client in code that runs before mgr.Start
//
// The client of mgr.GetClient() reads from the manager's informer cache,
// and the cache starts with the manager. A Get or List made before
// mgr.Start — in main, or in a SetupWithManager that main calls first —
// fails with "the cache is not started, can not read objects", and the
// binary usually exits:
//
//	if err := (&FooReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr); err != nil { ... }
//
//	func (r *FooReconciler) SetupWithManager(mgr ctrl.Manager) error {
//		var list v1.BarList
//		if err := r.List(context.Background(), &list); err != nil { // fails: cache not started
//
// Read through mgr.GetAPIReader() (the API server, always available), or
// inside a Runnable added with mgr.Add, which runs once the cache is
// started.
package cachenotstarted
