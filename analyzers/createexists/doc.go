// Package createexists defines an Analyzer that reports a Create of an
// object with a fixed name that Reconcile runs every time, with nothing
// looking the object up first, and whose error it returns (catalogue item
// C5).
//
// # Analyzer createexists
//
// createexists: report a Create with a fixed name that fails for ever once the object exists
//
// A reconcile runs again and again. A Create of an object whose name is
// fixed (a literal, or derived from the request or the owner), made on
// every run with nothing that looks the object up first, succeeds once;
// from then on it answers AlreadyExists, and when the error is returned
// every reconcile of the object fails and is retried with backoff for
// ever. Get the object first and create it on NotFound, use
// controllerutil.CreateOrUpdate, or ignore the error with
// client.IgnoreAlreadyExists.
package createexists
