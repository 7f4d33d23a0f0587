// Package restricted makes its reconciler's client a namespaced one: the
// List keeps to that namespace whatever its options, and the check stays
// silent on the whole package.
package restricted

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	appsv1 "fixtures/api/v1"
)

type Reconciler struct {
	client.Client
}

func (r *Reconciler) SetupWithManager(mgr ctrl.Manager, ns string) error {
	r.Client = client.NewNamespacedClient(mgr.GetClient(), ns)
	return ctrl.NewControllerManagedBy(mgr).For(&appsv1.Widget{}).Complete(r)
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var pods corev1.PodList
	if err := r.List(ctx, &pods, client.HasLabels{"example.com/widget"}); err != nil {
		return ctrl.Result{}, err
	}
	for i := range pods.Items {
		if err := r.Delete(ctx, &pods.Items[i]); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}
