// Package refs reads owner references, with and without the checks that
// they are there.
package refs

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// controlledBy trusts every reference to carry Controller.
func controlledBy(obj client.Object, kind string) bool {
	for _, ref := range obj.GetOwnerReferences() {
		if *ref.Controller && ref.Kind == kind { // want `\*ref.Controller dereferences a pointer that is nil in an owner reference written without it`
			return true
		}
	}
	return false
}

// blocking reads BlockOwnerDeletion through the field, by index.
func blocking(meta *metav1.ObjectMeta) int {
	n := 0
	for i := range meta.OwnerReferences {
		ref := &meta.OwnerReferences[i]
		if *ref.BlockOwnerDeletion { // want `\*ref.BlockOwnerDeletion dereferences`
			n++
		}
	}
	return n
}

// firstOwner assumes an owner.
func firstOwner(obj client.Object) string {
	return obj.GetOwnerReferences()[0].Name // want `owner references indexed at 0 without a test of their length`
}

// controllerName assumes a controller.
func controllerName(obj client.Object) string {
	return metav1.GetControllerOf(obj).Name // want `the result of GetControllerOf is read without a nil test`
}

// isController is given references read elsewhere.
func isController(ref metav1.OwnerReference) bool {
	return *ref.Controller // want `\*ref.Controller dereferences`
}

// checkedTooLate tests the field, but reads it on the path where it is nil
// too.
func checkedTooLate(obj client.Object) bool {
	ref := obj.GetOwnerReferences()[1] // want `indexed at 1`
	if ref.Controller == nil {
		println("no controller field")
	}
	return *ref.Controller // want `\*ref.Controller dereferences`
}
