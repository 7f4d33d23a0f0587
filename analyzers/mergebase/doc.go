// Package mergebase defines an Analyzer that reports a merge patch whose
// base is not a copy of the object taken before the changes the patch
// should carry (catalogue item C9).
//
// # Analyzer mergebase
//
// mergebase: report a merge patch made from the object itself, or from a copy taken after it was changed
//
// client.MergeFrom(base) computes the patch when Patch sends it, as the
// difference between base and the object. If base is the object itself,
// the difference holds no change: Patch sends {} (only the
// resourceVersion with MergeFromWithOptimisticLock) and nothing changes
// on the server, without an error saying so. If base is a copy taken after some of the
// changes, those changes are in both and are left out of the patch. Take
// base := obj.DeepCopy() right after the object is read, before the first
// change.
package mergebase
