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
