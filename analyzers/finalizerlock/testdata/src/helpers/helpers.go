// Package helpers changes finalizers for another package's patch.
package helpers

import (
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// AddCleanup adds the finalizer; the caller patches.
func AddCleanup(obj client.Object) bool {
	return controllerutil.AddFinalizer(obj, "example.com/cleanup")
}

// Mark changes a label only.
func Mark(obj client.Object) {
	obj.SetLabels(map[string]string{"example.com/marked": "true"})
}
