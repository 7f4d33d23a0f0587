package listnamespace

import (
	"context"

	batchv1 "k8s.io/api/batch/v1"
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
	if err := r.List(ctx, &cms, client.MatchingLabels{"example.com/widget": w.Name}); err != nil { // want `List of ConfigMap by labels with no namespace, in the reconcile of namespaced Widget, whose items are updated \(line 45\)`
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

// JobReconciler deletes the pods of a Job it reads, listed by the Job's
// own selector: the API server generates it with the Job's UID
// (controller-uid), so no other namespace's pod matches
// (k8s-nim-operator's cleanup).
type JobReconciler struct {
	client.Client
}

func (r *JobReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&appsv1.Widget{}).Complete(r)
}

func (r *JobReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	job := &batchv1.Job{}
	if err := r.Get(ctx, req.NamespacedName, job); err != nil || job.Spec.Selector == nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var pods corev1.PodList
	if err := r.List(ctx, &pods, client.MatchingLabels(job.Spec.Selector.MatchLabels)); err != nil {
		return ctrl.Result{}, err
	}
	for i := range pods.Items {
		if err := r.Delete(ctx, &pods.Items[i]); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}
