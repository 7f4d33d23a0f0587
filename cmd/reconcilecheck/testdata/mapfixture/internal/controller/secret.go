// Package controller holds the fixture's reconcilers: what the map draws
// of each is written next to it.
package controller

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
)

const keepFinalizer = "example.com/keep"

// +kubebuilder:rbac:groups=core,resources=secrets,verbs=get;list;watch;update
// +kubebuilder:rbac:groups=core,resources=configmaps,verbs=get;list;watch;create;delete

// SecretReconciler copies each Secret into a ConfigMap of the same name.
type SecretReconciler struct {
	client.Client
}

// Reconcile: an Update of the Secret, with a finalizer added through a
// helper that takes its name (the map names it at the call), and a
// Create of the ConfigMap.
func (r *SecretReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &corev1.Secret{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if ensure(s, keepFinalizer) {
		if err := r.Update(ctx, s); err != nil {
			return ctrl.Result{}, err
		}
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: s.Namespace, Name: s.Name}, Data: map[string]string{}}
	if err := r.Create(ctx, cm); client.IgnoreAlreadyExists(err) != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// ensure adds the finalizer name to obj.
func ensure(obj client.Object, name string) bool {
	return controllerutil.AddFinalizer(obj, name)
}

// Cleanup is a method no reconcile calls: its Delete is not the
// controller's, but the binary's role still needs it (the manager's
// other needs).
func (r *SecretReconciler) Cleanup(ctx context.Context, cm *corev1.ConfigMap) error {
	return r.Delete(ctx, cm)
}

// SetupWithManager: For with a custom predicate, Watches with the
// owner's handler, and an event filter on both.
func (r *SecretReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.Secret{}, builder.WithPredicates(predicate.Funcs{UpdateFunc: func(event.UpdateEvent) bool { return true }})).
		Watches(&corev1.ConfigMap{}, handler.EnqueueRequestForOwner(mgr.GetScheme(), mgr.GetRESTMapper(), &corev1.Secret{})).
		WithEventFilter(predicate.Or(predicate.LabelChangedPredicate{}, predicate.AnnotationChangedPredicate{})).
		Complete(r)
}
