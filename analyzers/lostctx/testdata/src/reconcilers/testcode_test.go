package reconcilers

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Twin: test code.
type testReconciler struct{ client.Client }

func (r *testReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, r.Get(context.TODO(), req.NamespacedName, &corev1.Pod{})
}
