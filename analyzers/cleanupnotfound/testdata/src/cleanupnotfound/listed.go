package cleanupnotfound

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"fixtures/teardown"
)

// The deleted objects come from listing helpers (topolvm's getPodsByPVC:
// a List filtered into a new slice; an exported helper of another
// package returning the list's Items): each existed when the helper ran,
// and the next run lists again, so a NotFound is a race that clears.
type ListedReconciler struct{ client.Client }

func (r *ListedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	pvc := &corev1.PersistentVolumeClaim{}
	if err := r.Get(ctx, req.NamespacedName, pvc); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if pvc.DeletionTimestamp == nil {
		return ctrl.Result{}, nil
	}
	if res, err := r.deletePods(ctx, pvc); err != nil {
		return res, err
	}
	others, err := teardown.PodsOf(ctx, r.Client, pvc.Namespace)
	if err != nil {
		return ctrl.Result{}, err
	}
	for i := range others {
		if err := r.Delete(ctx, &others[i]); err != nil {
			return ctrl.Result{}, err
		}
	}
	controllerutil.RemoveFinalizer(pvc, fin)
	return ctrl.Result{}, r.Update(ctx, pvc)
}

func (r *ListedReconciler) deletePods(ctx context.Context, pvc *corev1.PersistentVolumeClaim) (ctrl.Result, error) {
	pods, err := r.podsUsing(ctx, pvc)
	if err != nil {
		return ctrl.Result{}, err
	}
	for _, pod := range pods {
		if err := r.Delete(ctx, &pod); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

func (r *ListedReconciler) podsUsing(ctx context.Context, pvc *corev1.PersistentVolumeClaim) ([]corev1.Pod, error) {
	var pods corev1.PodList
	if err := r.List(ctx, &pods, client.InNamespace(pvc.Namespace)); err != nil {
		return nil, err
	}
	var out []corev1.Pod
	for _, pod := range pods.Items {
		for _, v := range pod.Spec.Volumes {
			if v.PersistentVolumeClaim != nil && v.PersistentVolumeClaim.ClaimName == pvc.Name {
				out = append(out, pod)
			}
		}
	}
	return out, nil
}

// NamedReconciler deletes objects a helper builds from names, not from a
// listing: the same names every run, so a NotFound stays.
type NamedReconciler struct{ client.Client }

func (r *NamedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.DeletionTimestamp == nil {
		return ctrl.Result{}, nil
	}
	for _, s := range secretsOf(app) {
		if err := r.Delete(ctx, &s); err != nil { // want `the NotFound error of this Delete is returned`
			return ctrl.Result{}, err
		}
	}
	controllerutil.RemoveFinalizer(app, fin)
	return ctrl.Result{}, r.Update(ctx, app)
}

func secretsOf(app *corev1.ConfigMap) []corev1.Secret {
	var out []corev1.Secret
	for k := range app.Data {
		out = append(out, corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: app.Namespace, Name: k}})
	}
	return out
}
