package helpers

import (
	"context"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
)

// A file of test helpers kept beside the package's code (it imports
// testing): its own context is a test's. Not reported; the package's
// other files still are.
func (r *AppReconciler) mustGet(t *testing.T, key types.NamespacedName) {
	if err := r.Get(context.TODO(), key, &corev1.Secret{}); err != nil {
		t.Fatal(err)
	}
}
