// Package ownerscope defines an Analyzer that reports a cluster-scoped
// object given an owner reference to a namespaced one (catalogue item D1).
//
// # Analyzer ownerscope
//
// ownerscope: report owner references from a cluster-scoped object to a namespaced one, which controller-runtime refuses and the garbage collector cannot resolve
//
// An owner reference names its owner without a namespace: the owner is
// looked up in the namespace of the object that refers to it, and a
// cluster-scoped object has none. controllerutil.SetControllerReference
// and SetOwnerReference therefore refuse a namespaced owner for a
// cluster-scoped object ("cluster-scoped resource must not have a
// namespace-scoped owner"), so the reconcile fails at that call every
// time; a reference built by hand is treated by the garbage collector as
// unresolvable. The check reports the call that sets such a reference,
// directly or through the module's helpers, when both types are known:
// the built-in kinds' scope from the API's own markers, the module's
// kinds from +kubebuilder:resource:scope. Clean the cluster-scoped object
// up in a finalizer of the owner instead, or make the owner's kind
// cluster-scoped.
package ownerscope
