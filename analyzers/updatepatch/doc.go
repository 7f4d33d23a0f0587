// Package updatepatch defines an Analyzer that reports a whole-object
// Update of an object that another controller also writes, after the
// reconciler changed a few of its fields (catalogue item A5).
//
// # Analyzer updatepatch
//
// updatepatch: report a whole-object Update of a child object where a Patch is meant
//
// A reconciler that fetches an object another controller keeps changing
// (typically a child it Owns: a Deployment whose status the deployment
// controller writes and whose replicas an HPA sets), changes a few fields of
// it and sends the whole object back with Update loses every race with
// that controller: each of its writes between the fetch and the Update
// turns the Update into a 409 Conflict and a wasted reconcile, and a stale
// copy can overwrite the fields it set. Patch the fields you changed:
// patch := client.MergeFrom(obj.DeepCopy()) before the first change, then
// Patch(ctx, obj, patch).
package updatepatch
