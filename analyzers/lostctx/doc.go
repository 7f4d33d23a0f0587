// Package lostctx defines an Analyzer that reports context.Background() and
// context.TODO() in a reconciler, or in a function it calls, while a
// context.Context parameter is in scope.
//
// # Analyzer lostctx
//
// lostctx: report context.Background()/TODO() in reconcile code that has a ctx in scope
//
// The context controller-runtime passes to Reconcile carries the
// controller's cancellation (the manager stopping), the reconcile timeout
// when one is configured, and the request's logger. A call made with
// context.Background() or context.TODO() instead of it keeps running when
// the manager shuts down and logs without the request's name. Inside a
// reconcile function, in the same-package functions it calls and in the
// closures they run synchronously, such a call is reported when a
// context.Context parameter is in scope; the suggested fix passes that
// parameter. Code run by a go statement is left alone. A helper of
// another package of the module that takes a context but still makes its
// own for its calls is reported where the reconcile calls it.
package lostctx
