// Package orphandelete defines an Analyzer that reports deletes of Jobs
// (and ReplicationControllers) that name no propagation policy (catalogue
// item D3).
//
// # Analyzer orphandelete
//
// orphandelete: report a Job deleted without a propagation policy, which orphans its Pods
//
// The API server deletes most objects' dependents in the background, but
// for batch/v1 Jobs (and v1 ReplicationControllers) it keeps the old
// default: a delete request that names no propagation policy orphans the
// Pods. They keep running, or stay behind once finished, no longer owned
// by anything, and the API server warns on every such delete. The check
// reports a client's Delete or DeleteAllOf of such an object whose options
// are all known and none sets the policy, and the call of a helper of the
// module (in this package or another) that deletes the object given to it
// that way. An option it cannot read (a slice built elsewhere, an option
// type of the module, client.DeleteOptions) silences it. Add
// client.PropagationPolicy(metav1.DeletePropagationBackground), or
// Foreground to wait for the Pods; name Orphan if orphaning is meant.
package orphandelete
