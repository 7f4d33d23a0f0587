// Package wholemerge defines an Analyzer that reports a JSON merge patch of
// a whole object read from the server (catalogue item E10).
//
// # Analyzer wholemerge
//
// wholemerge: report merge patches of a whole object read from the server
//
// Patch(ctx, obj, client.Merge) sends json.Marshal(obj) as a JSON merge
// patch, and so does client.RawPatch(types.MergePatchType, data) with data
// json.Marshal(obj). When obj was read from the server (a Get, a List item,
// a helper that fetches it, an earlier write), the patch carries its
// metadata.resourceVersion: the API server answers 409 Conflict whenever
// anything wrote the object since the read. And a merge patch cannot delete
// what it does not name: a label, an annotation or a map key deleted in
// memory, an omitempty field emptied, the last finalizer removed, are
// absent from the patch and stay on the server. Reported at the Patch, or
// at the call of a helper of the module (in any package) that patches its
// parameter so. Fix: take base := obj.DeepCopy() right after the read and
// patch with client.MergeFrom(base), which sends only the difference; a
// suggested fix places the copy when the object has one read in the
// function. An object built in the reconcile (a partial patch of the fields
// set), client.MergeFrom, client.Apply and test code are left alone.
package wholemerge
