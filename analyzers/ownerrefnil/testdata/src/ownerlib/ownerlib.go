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
