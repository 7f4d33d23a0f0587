// Package mutateoutside defines an Analyzer that reports the desired
// state of an object set before controllerutil.CreateOrUpdate or
// CreateOrPatch instead of inside its mutate function (catalogue item D9).
//
// # Analyzer mutateoutside
//
// mutateoutside: report fields set before CreateOrUpdate/CreateOrPatch that its mutate function does not set again, so that an existing object is never updated
//
// controllerutil.CreateOrUpdate and CreateOrPatch first read the live
// object into the object they are given, then call the mutate function,
// then write the object if it changed. Whatever the code set on the object
// before the call is overwritten by that read: the first reconcile creates
// the object with it, and every later one leaves the existing object as it
// is, so changes of the desired state (a new image, new data, new labels)
// never reach the cluster. The check reports a call whose object had
// fields other than its name and namespace set before it (by stores, a
// literal, or a constructor of the module) that the mutate function does
// not set again, directly or through the module's helpers that hand their
// object to CreateOrUpdate (in this package or another). The object's
// status (which CreateOrUpdate never writes) and fields that cannot change
// once the object exists (a Secret's type, a binding's role) are not
// reported, nor is a mutate function the analysis cannot see into. Set
// the fields inside the mutate function; if creating the object once and
// never updating it is meant, call Create and ignore AlreadyExists.
package mutateoutside
