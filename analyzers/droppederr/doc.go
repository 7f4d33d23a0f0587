// Package droppederr defines an Analyzer that reports an error of a client
// call that is only logged, after which the code carries on as if the call
// had succeeded.
//
// # Analyzer droppederr
//
// droppederr: report a client error that is only logged before cleanup or success
//
// When the error of a client call (Get, List, Create, Update, Patch,
// Delete, DeleteAllOf, a status write, a retry.RetryOnConflict around one,
// or a helper returning one) is tested and the failing branch only logs it
// and rejoins the success path, a transient error (a timeout, throttling,
// a conflict) is lost: the code then removes a finalizer (or a caller up
// the chain does), deletes objects, creates what a failed Get took for
// absent, or returns success, and nothing retries the failed call. Return
// the error instead.
package droppederr
