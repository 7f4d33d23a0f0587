package cleanupnotfound

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// ScopedReconciler deletes an object a scope holds in a field, read in
// this run and left nil when it is gone (k0smotron's externalOwner): the
// next run does not delete it again, so its NotFound does not stay.
type ScopedReconciler struct{ client.Client }

type scope struct {
	owner client.Object
}

func (r *ScopedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	s := &scope{}
	owner := &corev1.ConfigMap{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: app.Namespace, Name: app.Name + "-root"}, owner); err == nil {
		s.owner = owner
	} else if !apierrors.IsNotFound(err) {
		return ctrl.Result{}, err
	}
	if app.DeletionTimestamp != nil {
		return r.reconcileDelete(ctx, s, app)
	}
	return ctrl.Result{}, nil
}

func (r *ScopedReconciler) reconcileDelete(ctx context.Context, s *scope, app *corev1.ConfigMap) (ctrl.Result, error) {
	if s.owner != nil {
		if err := r.Delete(ctx, s.owner); err != nil {
			return ctrl.Result{}, err
		}
	}
	controllerutil.RemoveFinalizer(app, fin)
	return ctrl.Result{}, r.Update(ctx, app)
}
