// Package terminating pins down where an object is known terminating.
package terminating

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/finalizer"
)

func mark(client.Object) {}

// Inside the deletion branch, not after it.
func Inside(cm *corev1.ConfigMap) {
	if !cm.DeletionTimestamp.IsZero() {
		mark(cm) // want `terminating here: cm`
	}
	mark(cm)
}

// After a return on the live side, with a second condition.
func After(cm *corev1.ConfigMap, ready bool) {
	if cm.GetDeletionTimestamp() == nil || !ready {
		return
	}
	mark(cm) // want `terminating here: cm`
}

// Twin: only one path tested the deletion.
func OneBranch(cm *corev1.ConfigMap, force bool) {
	if force {
		if cm.DeletionTimestamp == nil {
			return
		}
	}
	mark(cm)
}

// Twin: either condition enters the branch.
func Either(cm *corev1.ConfigMap, force bool) {
	if force || cm.DeletionTimestamp != nil {
		mark(cm)
	}
}

// Twin: another object was tested.
func Other(cm *corev1.ConfigMap, sec *corev1.Secret) {
	if sec.DeletionTimestamp != nil {
		mark(cm)
	}
}

func isDeleting(obj client.Object) bool {
	return !obj.GetDeletionTimestamp().IsZero()
}

// A helper of the package that tests the deletion.
func ThroughHelper(cm *corev1.ConfigMap) {
	if isDeleting(cm) {
		mark(cm) // want `terminating here: cm`
	}
}

// Helpers called only from deletion branches, directly or through
// another helper.
func helperFinalize(cm *corev1.ConfigMap) {} // want `cm is terminating in every call` `runs only while cm is terminating`

func helperCleanup(cm *corev1.ConfigMap, sec *corev1.Secret) { // want `cm is terminating in every call` `runs only while cm is terminating`
	helperFinalize(cm)
}

func Caller(cm *corev1.ConfigMap, sec *corev1.Secret) {
	if cm.DeletionTimestamp != nil {
		helperCleanup(cm, sec)
	}
}

// Twins: a helper also called on a live object, one given another
// object than the one tested (it still runs only while one terminates).
func helperLive(cm *corev1.ConfigMap) {}

func helperOther(cm *corev1.ConfigMap) {} // want `runs only while sec is terminating`

func Callers(cm *corev1.ConfigMap, sec *corev1.Secret) {
	if cm.DeletionTimestamp != nil {
		helperLive(cm)
	}
	helperLive(cm)
	if sec.DeletionTimestamp != nil {
		helperOther(cm)
	}
}

// RemovedOnDeletion: a removal in the deletion branch, in a helper
// called only there, or by finalizer.Finalizers.Finalize.
func RemovalInBranch(cm *corev1.ConfigMap) {
	if !cm.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(cm, "example.com/cleanup") // want `finalizer removed on deletion`
	}
}

func removalHelper(cm *corev1.ConfigMap) {
	controllerutil.RemoveFinalizer(cm, "example.com/cleanup") // want `finalizer removed on deletion`
}

func RemovalCaller(cm *corev1.ConfigMap) {
	if cm.DeletionTimestamp != nil {
		removalHelper(cm) // want `finalizer removed on deletion`
	}
}

func RemovalFinalize(ctx context.Context, fs finalizer.Finalizers, cm *corev1.ConfigMap) {
	_, _ = fs.Finalize(ctx, cm) // want `finalizer removed on deletion`
}

// Twin: a finalizer renamed on a live object is no removal on deletion.
func RemovalLive(cm *corev1.ConfigMap) {
	if controllerutil.RemoveFinalizer(cm, "example.com/old") {
		controllerutil.AddFinalizer(cm, "example.com/cleanup")
	}
}
