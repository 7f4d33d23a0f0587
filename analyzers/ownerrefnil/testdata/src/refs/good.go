package refs

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Twins: the same reads, checked.

func controlledByChecked(obj client.Object, kind string) bool {
	for _, ref := range obj.GetOwnerReferences() {
		if ref.Controller != nil && *ref.Controller && ref.Kind == kind {
			return true
		}
	}
	return false
}

func controlledByDeref(obj client.Object, kind string) bool {
	for _, ref := range obj.GetOwnerReferences() {
		if ptr.Deref(ref.Controller, false) && ref.Kind == kind {
			return true
		}
	}
	return false
}

func blockingSkipped(meta *metav1.ObjectMeta) int {
	n := 0
	for i := range meta.OwnerReferences {
		ref := &meta.OwnerReferences[i]
		if ref.BlockOwnerDeletion == nil {
			continue
		}
		if *ref.BlockOwnerDeletion {
			n++
		}
	}
	return n
}

func firstOwnerChecked(obj client.Object) string {
	if len(obj.GetOwnerReferences()) == 0 {
		return ""
	}
	return obj.GetOwnerReferences()[0].Name
}

func firstOwnerField(obj *metav1.ObjectMeta) string {
	refs := obj.OwnerReferences
	if len(refs) > 0 {
		return refs[0].Name
	}
	return ""
}

func onlyOwner(obj *metav1.ObjectMeta) string {
	switch len(obj.GetOwnerReferences()) {
	case 1:
		return obj.OwnerReferences[0].Name
	default:
		return ""
	}
}

func controllerNameChecked(obj client.Object) string {
	ref := metav1.GetControllerOf(obj)
	if ref == nil {
		return ""
	}
	// GetControllerOf's reference always has Controller set.
	if *ref.Controller {
		return ref.Name
	}
	return ""
}

func controllerOfOwner(obj, owner client.Object) string {
	if !metav1.IsControlledBy(obj, owner) {
		return ""
	}
	return metav1.GetControllerOf(obj).Name
}

// A reference built here has its Controller set.
func built(owner metav1.Object, gvk schema.GroupVersionKind) bool {
	ref := metav1.NewControllerRef(owner, gvk)
	return *ref.Controller
}

func literal() bool {
	ref := metav1.OwnerReference{Controller: ptr.To(true)}
	return *ref.Controller
}
