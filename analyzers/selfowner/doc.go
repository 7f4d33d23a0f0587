// Package selfowner defines an Analyzer that reports an owner reference
// whose owner and owned object are the same object.
//
// # Analyzer selfowner
//
// selfowner: report an object made the owner of itself
//
// controllerutil.SetControllerReference(owner, controlled, scheme) and
// SetOwnerReference(owner, object, scheme) (also ctrl.SetControllerReference)
// record owner in the owned object's metadata.ownerReferences. Called with
// the same object twice (the same variable, two objects fetched with the
// same key, a DeepCopy of the owner), the object gets a reference to itself:
// it is useless to the garbage collector, it takes the object's one
// controller slot, and the child the code meant to own gets no reference, so
// it is neither deleted with its owner nor mapped back to it by Owns. The
// same holds for a server-side apply configuration built for an object with
// WithOwnerReferences carrying that same object's UID. Pass the child object
// as the owned argument.
package selfowner
