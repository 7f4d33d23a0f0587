// Package reach answers which code a function may run: its own
// instructions, the functions of its package it calls or takes as values
// (closures included), the methods of the package's named types whose
// values it makes or refers to, and the functions and types of other
// packages it calls or refers to. A reconciler's Reconcile runs through an
// interface once its value is handed to the builder, so making the value
// is what starts it.
//
// The checks that attribute something to what a binary runs (permissions,
// the kinds its controllers use, the field indexes they list by) walk this
// graph with their own payload, and export it as facts on the package's
// exported functions and types (Roots), which the walk of an importing
// package reads at the imported objects it meets.
//
// # The graphs of a package
//
// [Of] gives the package's [Result]; each graph is built at most once,
// when first asked, for every check of the package (a check that calls
// [New] or [ReconcileSet] itself builds a second one).
//
//   - [Result.Graph]: what a function may run, over all the package's
//     functions, test files included (wiring: a test's fake client lists by
//     what its reconciler lists by). [Graph.Roots] are the objects the
//     walkers' facts go on, and [Graph.RootVars] the exported variables the
//     package initializer stores functions in; a read of one of the
//     package's variables reaches the functions its initializer stored
//     there ([Graph.Stored]: cobra's var rootCmd = &cobra.Command{RunE: ...}).
//   - [Result.SourceGraph]: the same without test files (what the binary
//     runs: wiring's Requests, so rbacgrant, and the controller map);
//     [Result.Source] those functions.
//   - [Result.Calls]: the narrower graph of what a function runs
//     synchronously ([Calls.From], [Calls.Successors]; droppederr: what only
//     the reconciles of periodic controllers run, and what only shutdown
//     code runs), and [Calls.Handed], the functions a call is given as
//     values, which it is taken to run (lostctx: a helper handed on with a
//     context in scope).
//   - [Result.Reconcile]: the set of the package's functions a reconcile
//     runs (callees, implementations of interface calls, closures handed to
//     calls or deferred; not what go, time.AfterFunc or an event
//     handler's map function starts, [Later]).
package reach
