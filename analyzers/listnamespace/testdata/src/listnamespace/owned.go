package listnamespace

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	appsv1 "fixtures/api/v1"
)

// OwnedReconciler takes over the listed ConfigMaps it does not control
// yet (tarantool-operator's Roles): IsControlledBy skips the ones it
// already owns, so the write goes to every other match, another
// namespace's included. Its twin writes only on IsControlledBy's true
// side.
type OwnedReconciler struct {
	client.Client
}

func (r *OwnedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&appsv1.Widget{}).Complete(r)
}

func (r *OwnedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w appsv1.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var cms corev1.ConfigMapList
	if err := r.List(ctx, &cms, client.MatchingLabels{"example.com/widget": w.Name}); err != nil { // want `List of ConfigMap by labels with no namespace, in the reconcile of namespaced Widget, whose items are updated \(line 44\)`
		return ctrl.Result{}, err
	}
	for _, cm := range cms.Items {
		if metav1.IsControlledBy(&cm, &w) {
			continue
		}
		if err := controllerutil.SetControllerReference(&w, &cm, r.Scheme()); err != nil {
			return ctrl.Result{}, err
		}
		if err := r.Update(ctx, &cm); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, r.touchOwned(ctx, &w)
}

// touchOwned updates only the listed ConfigMaps the Widget controls: a
// ConfigMap of another namespace cannot have it as its controller.
func (r *OwnedReconciler) touchOwned(ctx context.Context, w *appsv1.Widget) error {
	var cms corev1.ConfigMapList
	if err := r.List(ctx, &cms, client.MatchingLabels{"example.com/widget": w.Name}); err != nil {
		return err
	}
	for i := range cms.Items {
		if !metav1.IsControlledBy(&cms.Items[i], w) {
			continue
		}
		if err := r.Update(ctx, &cms.Items[i]); err != nil {
			return err
		}
	}
	return nil
}
