package reconcilers

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// The call is the file's only use of package context: the fix removes the
// import too.
type AliasReconciler struct{ client.Client }

func (r *AliasReconciler) Reconcile(ctx Ctx, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, r.Get(context.TODO(), req.NamespacedName, &corev1.Pod{}) // want `context.TODO\(\) drops ctx`
}
