// Package finalizerorder defines an Analyzer that reports a finalizer
// added, and written, before the object's deletion is handled (catalogue
// item C11).
//
// # Analyzer finalizerorder
//
// finalizerorder: report a finalizer added to an object that may be terminating
//
// The API server refuses to add a finalizer to an object that is being
// deleted ("no new finalizers can be added if the object is being
// deleted"). A reconcile that adds its finalizer and writes the object
// before it looks at the deletion timestamp fails on every retry once the
// object is terminating without it — deleted before the controller first
// saw it, or waiting for another controller's finalizer after ours was
// removed — and the deletion branch after it is never reached. Handle
// deletion first, and add the finalizer only to an object that is not
// terminating.
package finalizerorder
