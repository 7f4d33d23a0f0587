package probe

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/finalizer"
)

func Direct(cm *corev1.ConfigMap) {
	if cm.DeletionTimestamp != nil { // want `reads the deletion state of cm` `tests the deletion of cm \(terminating when true\)`
		controllerutil.RemoveFinalizer(cm, "example.com/f") // want `removes "example.com/f" from cm` `name argument 1`
		return
	}
	controllerutil.AddFinalizer(cm, "example.com/f")          // want `adds "example.com/f" to cm` `name argument 1`
	_ = controllerutil.ContainsFinalizer(cm, "example.com/f") // want `name argument 1`
	cm.Finalizers = nil                                       // want `removes "" from cm`
}

// A helper that adds: recognised at its call sites.
func add(obj client.Object) { controllerutil.AddFinalizer(obj, "example.com/g") } // want `adds "example.com/g" to obj` `name argument 1`

// A helper that reads the deletion state without a bool of it.
func wait(obj client.Object) int {
	if t := obj.GetDeletionTimestamp(); t != nil { // want `reads the deletion state of obj` `tests the deletion of obj \(terminating when true\)`
		return 1
	}
	return 0
}

func Helpers(ctx context.Context, f finalizer.Finalizers, cm *corev1.ConfigMap) {
	add(cm)                              // want `adds "" to cm`
	_ = wait(cm)                         // want `reads the deletion state of cm`
	_ = f.Register("example.com/h", nil) // want `name argument 0`
	_, _ = f.Finalize(ctx, cm)           // want `removes "" from cm` `reads the deletion state of cm`
	// The SSA If tests IsZero itself (its branches swapped for the !).
	if !cm.GetDeletionTimestamp().IsZero() { // want `reads the deletion state of cm` `tests the deletion of cm \(terminating when false\)`
		return
	}
}

// The old list with more appended drops nothing: no removal, but a list
// addition (ListAddition). A filtered list is a removal.
func Extend(cm *corev1.ConfigMap, keep []string) {
	cm.SetFinalizers(append(cm.GetFinalizers(), "example.com/lock")) // want `list adds "example.com/lock" to cm`
	cm.Finalizers = append(cm.Finalizers, "example.com/lock")        // want `list adds "example.com/lock" to cm`
	cm.SetFinalizers(keep)                                           // want `removes "" from cm`
}
