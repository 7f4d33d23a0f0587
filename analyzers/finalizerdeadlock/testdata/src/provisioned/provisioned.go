// Package provisioned holds the shape of a public fix: the controller
// puts its finalizer on the secrets it provisions, through a helper that
// fetches each one; the reconcile loop skips terminating secrets; the
// removal is in a cleanup helper that runs only when the parent
// StatefulSet is being deleted.
package provisioned

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const secretFinalizer = "example.com/secret-in-use"

type Reconciler struct{ client.Client }

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var sts appsv1.StatefulSet
	if err := r.Get(ctx, req.NamespacedName, &sts); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !sts.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, r.cleanup(ctx, &sts)
	}
	var secrets corev1.SecretList
	if err := r.List(ctx, &secrets, client.InNamespace(sts.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	for i := range secrets.Items {
		s := &secrets.Items[i]
		if !s.DeletionTimestamp.IsZero() { // want `this skips a terminating v1.Secret, and finalizer "example.com/secret-in-use" is removed from v1.Secret objects only in cleanup, which runs only while the v1.StatefulSet is being deleted`
			continue
		}
		if err := r.protect(ctx, types.NamespacedName{Namespace: s.Namespace, Name: s.Name}); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

// protect re-fetches the secret and adds the finalizer.
func (r *Reconciler) protect(ctx context.Context, key types.NamespacedName) error {
	s := &corev1.Secret{}
	if err := r.Get(ctx, key, s); err != nil {
		return err
	}
	if controllerutil.AddFinalizer(s, secretFinalizer) {
		return r.Update(ctx, s)
	}
	return nil
}

// cleanup releases every secret: only when the StatefulSet goes.
func (r *Reconciler) cleanup(ctx context.Context, sts *appsv1.StatefulSet) error {
	var secrets corev1.SecretList
	if err := r.List(ctx, &secrets, client.InNamespace(sts.Namespace)); err != nil {
		return err
	}
	for i := range secrets.Items {
		s := &secrets.Items[i]
		if controllerutil.RemoveFinalizer(s, secretFinalizer) {
			if err := r.Update(ctx, s); err != nil {
				return err
			}
		}
	}
	if controllerutil.RemoveFinalizer(sts, "example.com/sts") {
		return r.Update(ctx, sts)
	}
	return nil
}

// The fixed twin: terminating config maps get the finalizer removed in
// the loop; the parent's cleanup also removes it.
type FixedReconciler struct{ client.Client }

const cmFinalizer = "example.com/cm-in-use"

func (r *FixedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var dep appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &dep); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !dep.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, r.cleanup(ctx, &dep)
	}
	var cms corev1.ConfigMapList
	if err := r.List(ctx, &cms, client.InNamespace(dep.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	for i := range cms.Items {
		cm := &cms.Items[i]
		if !cm.DeletionTimestamp.IsZero() {
			if err := r.release(ctx, cm); err != nil {
				return ctrl.Result{}, err
			}
			continue
		}
		if controllerutil.AddFinalizer(cm, cmFinalizer) {
			if err := r.Update(ctx, cm); err != nil {
				return ctrl.Result{}, err
			}
		}
	}
	return ctrl.Result{}, nil
}

func (r *FixedReconciler) release(ctx context.Context, cm *corev1.ConfigMap) error {
	if controllerutil.RemoveFinalizer(cm, cmFinalizer) {
		return r.Update(ctx, cm)
	}
	return nil
}

func (r *FixedReconciler) cleanup(ctx context.Context, dep *appsv1.Deployment) error {
	var cms corev1.ConfigMapList
	if err := r.List(ctx, &cms, client.InNamespace(dep.Namespace)); err != nil {
		return err
	}
	for i := range cms.Items {
		if err := r.release(ctx, &cms.Items[i]); err != nil {
			return err
		}
	}
	return nil
}
