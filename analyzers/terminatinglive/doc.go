// Package terminatinglive defines an Analyzer that reports a reconcile
// that creates the children its object owns on every path, with no test
// of that object's deletion state (catalogue item E6).
//
// # Analyzer terminatinglive
//
// terminatinglive: report a reconcile that creates children on every path with no test of its object's deletion state
//
// A reconcile that reads its object by the request key and then, on every
// path from where the object was found to a return that is not an error,
// creates a child it gives an owner reference to that object (Create,
// controllerutil.CreateOrUpdate/CreateOrPatch, server-side apply; itself,
// in a mutate function, or through a helper of the module, in another
// package by its facts), while nothing in the reconcile or the helpers it
// calls reads or tests that object's deletion timestamp or changes its
// finalizers. In a foreground deletion (kubectl delete
// --cascade=foreground, or any client deleting with PropagationPolicy
// Foreground) the owner stays, terminating, while the garbage collector
// deletes its blocking children; a reconcile after a child is deleted
// creates it again, the collector deletes it again, and the owner is
// removed only once the collector finds no blocking child left. Return
// before creating children when the deletion timestamp is set.
package terminatinglive
