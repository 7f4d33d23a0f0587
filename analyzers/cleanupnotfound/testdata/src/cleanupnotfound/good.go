package cleanupnotfound

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"fixtures/teardown"
)

// Twins: the NotFound filtered, in the branch and in the helpers; a
// delete of what was just listed; a delete after the removal; a delete
// with no finalizer to remove.
type GoodReconciler struct{ client.Client }

func (r *GoodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !app.DeletionTimestamp.IsZero() {
		secret := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: app.Namespace, Name: app.Name + "-creds"}}
		if err := client.IgnoreNotFound(r.Delete(ctx, secret)); err != nil {
			return ctrl.Result{}, err
		}
		svc := &corev1.Service{ObjectMeta: metav1.ObjectMeta{Namespace: app.Namespace, Name: app.Name}}
		if err := r.Delete(ctx, svc); err != nil && !apierrors.IsNotFound(err) {
			return ctrl.Result{}, err
		}
		if err := teardown.DeleteConfigIfAny(ctx, r.Client, app.Namespace, app.Name); err != nil {
			return ctrl.Result{}, err
		}
		var pods corev1.PodList
		if err := r.List(ctx, &pods, client.InNamespace(app.Namespace)); err != nil {
			return ctrl.Result{}, err
		}
		for i := range pods.Items {
			if err := r.Delete(ctx, &pods.Items[i]); err != nil {
				return ctrl.Result{}, err // listed just now: NotFound only in a race
			}
		}
		controllerutil.RemoveFinalizer(app, fin)
		if err := r.Update(ctx, app); err != nil {
			return ctrl.Result{}, err
		}
		cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: app.Namespace, Name: app.Name + "-after"}}
		return ctrl.Result{}, r.Delete(ctx, cm) // after the removal
	}
	controllerutil.AddFinalizer(app, fin)
	return ctrl.Result{}, r.Update(ctx, app)
}

// No finalizer: the delete's NotFound blocks nothing.
type PlainReconciler struct{ client.Client }

func (r *PlainReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !app.DeletionTimestamp.IsZero() {
		secret := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: app.Namespace, Name: app.Name}}
		return ctrl.Result{}, r.Delete(ctx, secret)
	}
	return ctrl.Result{}, nil
}
