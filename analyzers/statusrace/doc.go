// Package statusrace defines an Analyzer that reports a test asserting on
// the status of an object read with a single Get right after it wrote
// an object through a client, instead of polling with Eventually.
//
// # Analyzer statusrace
//
// statusrace: report tests that assert on status read once right after a Create or Update
//
// In a _test.go file, a function (a Ginkgo It closure, a TestXxx function,
// a t.Run subtest) creates, updates or patches an object through a
// controller-runtime client, then gets an object once and asserts on its
// .Status (a field path through Status, or its conditions). The controller
// reconciles asynchronously: right after the write it may not have run
// yet, so the test passes or fails depending on timing. Assert inside
// Gomega's Eventually (or a polling helper such as
// wait.PollUntilContextTimeout) instead.
//
// Tests whose client comes from controller-runtime's fake package, and
// tests that call a Reconcile method themselves, are synchronous and not
// reported; neither is status the test wrote itself with Status().Update.
package statusrace
