package refs

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/ownerlib"
)

// Another package's helper false on a nil reference guards the read on
// its true side (agent-sandbox's sandboxclaim_controller.go:
// utils.MatchesGroupKind(controllerRef, gk) && controllerRef.UID == ...).
func ownedByPool(obj client.Object, uid types.UID) bool {
	controllerRef := metav1.GetControllerOf(obj)
	return ownerlib.MatchesKind(controllerRef, "Pool") && controllerRef.UID == uid
}

func poolName(obj client.Object) string {
	if ctrl := metav1.GetControllerOf(obj); ownerlib.MatchesKind(ctrl, "Pool") {
		return ctrl.Name
	}
	return ""
}

// The package's own helpers: a nil test in the returned expression, and
// one that calls another such helper.
func isPodOwner(ref *metav1.OwnerReference) bool {
	return ref != nil && ref.Kind == "Pod"
}

func isPoolOwner(ref *metav1.OwnerReference) bool {
	return ownerlib.MatchesKind(ref, "Pool")
}

func podOwnerName(obj client.Object) string {
	ref := metav1.GetControllerOf(obj)
	if !isPodOwner(ref) {
		return ""
	}
	return ref.Name
}

func poolOwnerName(obj client.Object) string {
	if ref := managingOwner(obj.GetOwnerReferences()); isPoolOwner(ref) {
		return ref.Name
	}
	return ""
}

// Twins: a helper that reads its parameter without a nil test, the read
// on the false side, a helper given another reference.
func kindOwnerName(obj client.Object) string {
	if ctrl := metav1.GetControllerOf(obj); ownerlib.KindIs(ctrl, "Pool") {
		return ctrl.Name // want `the result of GetControllerOf is read without a nil test`
	}
	return ""
}

func notPoolName(obj client.Object) string {
	if ctrl := metav1.GetControllerOf(obj); !ownerlib.MatchesKind(ctrl, "Pool") {
		return ctrl.Name // want `the result of GetControllerOf is read without a nil test`
	}
	return ""
}

func otherRefName(obj, other client.Object) string {
	ctrl, otherCtrl := metav1.GetControllerOf(obj), metav1.GetControllerOf(other)
	if isPodOwner(otherCtrl) {
		return ctrl.Name // want `the result of GetControllerOf is read without a nil test`
	}
	return ""
}
