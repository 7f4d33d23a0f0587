// Package ownerlib is the module's owner helpers, in another package.
package ownerlib

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Controller returns obj's controller reference, nil without one.
func Controller(obj metav1.Object) *metav1.OwnerReference { // want Controller:`nilRef\[0\]`
	return metav1.GetControllerOf(obj)
}

// Named returns a reference that is never nil.
func Named(name string) *metav1.OwnerReference {
	return &metav1.OwnerReference{Name: name}
}

// OwnedBy returns true and obj's owner reference of the kind, or false
// and nil: the reference is nil only beside false.
func OwnedBy(obj metav1.Object, kind string) (bool, *metav1.OwnerReference) { // want OwnedBy:`nilRef\[1 unless 0\]`
	for _, ref := range obj.GetOwnerReferences() {
		if ref.Kind == kind {
			return true, &ref
		}
	}
	return false, nil
}

// State returns "controlled" and obj's controller reference, or "none"
// and nil: the reference is nil only beside "none".
func State(obj metav1.Object) (string, *metav1.OwnerReference) { // want State:`nilRef\[1 if 0 == "none"\]`
	if ref := metav1.GetControllerOf(obj); ref != nil {
		return "controlled", ref
	}
	return "none", nil
}

// MatchesKind is false for a nil reference, as agent-sandbox's
// utils.MatchesGroupKind: its true side is a nil test of ref.
func MatchesKind(ref *metav1.OwnerReference, kind string) bool { // want MatchesKind:`falseOnNil\[0\]`
	if ref == nil {
		return false
	}
	return ref.Kind == kind
}

// KindIs reads ref without a nil test: it guards nothing.
func KindIs(ref *metav1.OwnerReference, kind string) bool {
	return ref.Kind == kind
}
