// Package controller fetches and changes a child object only through
// helpers of another package, then updates it.
package controller

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/crosspkg/fetch"
	"fixtures/crosspkg/mutate"
)

type AppReconciler struct {
	client.Client
}

func (r *AppReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.Service{}).
		Owns(&corev1.ConfigMap{}).
		Complete(r)
}

func (r *AppReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	mutate.SetMode(cm, "on")
	if err := r.Update(ctx, cm); err != nil { // want `Update writes the whole v1.ConfigMap`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.touch(ctx, req)
}

// touch sends the object back unchanged: the helper only reads it.
func (r *AppReconciler) touch(ctx context.Context, req ctrl.Request) error {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return err
	}
	_ = mutate.Describe(cm)
	return r.Update(ctx, cm)
}

// loadInto fetches through a helper of another package.
func (r *AppReconciler) loadInto(ctx context.Context, req ctrl.Request) error {
	cm := &corev1.ConfigMap{}
	if err := fetch.Into(ctx, r, req.NamespacedName, cm); err != nil {
		return err
	}
	cm.Data = map[string]string{"mode": "off"}
	return r.Update(ctx, cm) // want `Update writes the whole v1.ConfigMap`
}

// returned gets the object a helper of another package fetched.
func (r *AppReconciler) returned(ctx context.Context, req ctrl.Request) error {
	cm, err := fetch.ConfigMap(ctx, r, req.NamespacedName)
	if err != nil {
		return err
	}
	mutate.SetMode(cm, "off")
	return r.Update(ctx, cm) // want `Update writes the whole v1.ConfigMap`
}

// built gets an object the helper made, not read: nothing of the
// server's copy to lose.
func (r *AppReconciler) built(ctx context.Context, req ctrl.Request) error {
	cm := fetch.NewConfigMap(req.NamespacedName)
	mutate.SetMode(cm, "off")
	return r.Update(ctx, cm)
}
