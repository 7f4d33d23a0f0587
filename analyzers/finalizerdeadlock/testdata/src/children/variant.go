package children

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// The A1b variant: a child that gets our finalizer and updates, but whose
// deletion state this reconcile never looks at.
type ConfigReconciler struct {
	client.Client
}

func (r *ConfigReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var parent corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &parent); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var child corev1.Secret
	if err := r.Get(ctx, types.NamespacedName{Namespace: req.Namespace, Name: parent.Data["secret"]}, &child); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.AddFinalizer(&child, ownedBy) // want `Finalizer "example.com/owned-by" is added to child, which this reconcile fetches and writes without ever checking its deletion state`
	child.StringData = map[string]string{"owner": parent.Name}
	return ctrl.Result{}, r.Update(ctx, &child)
}

// Twin: the child's deletion state is handled.
type ConfigReconcilerOK struct {
	client.Client
}

func (r *ConfigReconcilerOK) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var parent corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &parent); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var child corev1.Secret
	if err := r.Get(ctx, types.NamespacedName{Namespace: req.Namespace, Name: parent.Data["secret"]}, &child); err != nil {
		return ctrl.Result{}, err
	}
	if !child.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(&child, ownedBy)
		return ctrl.Result{}, r.Update(ctx, &child)
	}
	controllerutil.AddFinalizer(&child, ownedBy)
	child.StringData = map[string]string{"owner": parent.Name}
	return ctrl.Result{}, r.Update(ctx, &child)
}
