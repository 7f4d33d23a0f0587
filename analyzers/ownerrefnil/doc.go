// Package ownerrefnil defines an Analyzer that reports owner-reference
// fields read without the check that they are there (catalogue item D6).
//
// # Analyzer ownerrefnil
//
// ownerrefnil: report owner references read without a nil or length check, which panic on an object another client wrote
//
// An object's owner references are whatever its writers put there: an
// object may have none, and a reference written by kubectl, a chart or
// another controller may leave out Controller and BlockOwnerDeletion,
// which are pointers. The check reports, on references read from an
// object (GetOwnerReferences, the OwnerReferences field) or given as a
// parameter, *ref.Controller or *ref.BlockOwnerDeletion with no nil test
// of the field on every path to it; GetOwnerReferences()[i] (a constant
// index) with no test of the list's length on every path; and a field of
// the result of metav1.GetControllerOf, nil for an object without a
// controller, read with no nil test. A panic in a reconcile fails that
// object in every reconcile (controller-runtime recovers it and retries,
// by default since v0.19) or stops the manager (RecoverPanic off). Read the
// fields with ptr.Deref(ref.Controller, false) (the suggested fix), test
// the length, test the result against nil.
package ownerrefnil
