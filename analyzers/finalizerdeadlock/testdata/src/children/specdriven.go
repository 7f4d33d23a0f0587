package children

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const allowDeletion = "example.com/allow-deletion"

// SpecDrivenReconciler removes its finalizer in its deletion branch, then
// lets a helper add or remove it as the object asks while it is alive
// (temporal-operator's TemporalSchedule): the helper does nothing to a
// terminating object, its caller handles that; silent.
type SpecDrivenReconciler struct {
	client.Client
}

func (r *SpecDrivenReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !cm.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(cm, allowDeletion)
		return ctrl.Result{}, r.Update(ctx, cm)
	}
	ensureFinalizer(cm)
	return ctrl.Result{}, r.Update(ctx, cm)
}

func ensureFinalizer(cm *corev1.ConfigMap) {
	if cm.DeletionTimestamp.IsZero() {
		if cm.Labels[allowDeletion] == "true" {
			controllerutil.AddFinalizer(cm, allowDeletion)
		} else {
			controllerutil.RemoveFinalizer(cm, allowDeletion)
		}
	}
}
