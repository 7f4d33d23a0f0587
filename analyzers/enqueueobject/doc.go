// Package enqueueobject defines an Analyzer that reports a controller
// watching another kind than its For type with EnqueueRequestForObject
// (catalogue item D12).
//
// # Analyzer enqueueobject
//
// enqueueobject: report Watches of another kind than For with EnqueueRequestForObject, which enqueues the wrong object's name
//
// A request carries only a name and a namespace: the reconcile fetches its
// For type under that key. handler.EnqueueRequestForObject enqueues the key
// of the object the event is about, so on a Watches of another kind each
// event makes the reconcile look up a For object named like the watched
// one: it finds none (or an unrelated one of the same name), and the
// object the change concerns is never reconciled. The check reports
// Watches(&T{}, &handler.EnqueueRequestForObject{}) (or its typed form)
// on a builder chain whose For type is known and is not T, unless its
// reconciler never reads the request (it syncs everything). Map the event
// to the object it concerns: handler.EnqueueRequestForOwner (Owns, for
// objects the controller owns) or handler.EnqueueRequestsFromMapFunc.
package enqueueobject
