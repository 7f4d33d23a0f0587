package reconcilers

import (
	"context"

	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
	ctrl "sigs.k8s.io/controller-runtime"
)

// Twin: test code.
type testReconciler struct{ Config *rest.Config }

func (r *testReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	_, err := kubernetes.NewForConfig(r.Config)
	return ctrl.Result{}, err
}
