package listnamespace

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	appsv1 "fixtures/api/v1"
	"fixtures/podutil"
)

// GoodReconciler is BadReconciler's twin without the bug: the check must
// stay silent on it.
type GoodReconciler struct {
	client.Client
}

func (r *GoodReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&appsv1.Widget{}).Complete(r)
}

func (r *GoodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w appsv1.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	// The fix: the List keeps to the Widget's namespace.
	var pods corev1.PodList
	if err := r.List(ctx, &pods, client.MatchingLabels{"app.kubernetes.io/instance": w.Name}, client.InNamespace(w.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	for i := range pods.Items {
		if err := r.Delete(ctx, &pods.Items[i]); err != nil {
			return ctrl.Result{}, err
		}
	}
	// The namespace in a ListOptions literal.
	var stale corev1.PodList
	if err := r.List(ctx, &stale, &client.ListOptions{Namespace: req.Namespace}, client.HasLabels{"example.com/widget"}); err != nil {
		return ctrl.Result{}, err
	}
	for _, p := range stale.Items {
		if err := podutil.MarkStale(ctx, r.Client, &p); err != nil {
			return ctrl.Result{}, err
		}
	}
	if err := r.readOnly(ctx); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.byUID(ctx, &w); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.filtered(ctx, &w); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.roles(ctx); err != nil {
		return ctrl.Result{}, err
	}
	// DeleteAllOf with labels and no namespace: the API server serves no
	// delete-collection across namespaces, so the request fails (405)
	// and deletes nothing; not this check's bug.
	return ctrl.Result{}, r.DeleteAllOf(ctx, &corev1.Pod{}, client.MatchingLabels{"app.kubernetes.io/instance": w.Name})
}

// readOnly lists by labels in every namespace but only reads what it
// finds: nothing of another instance is changed.
func (r *GoodReconciler) readOnly(ctx context.Context) error {
	var pods corev1.PodList
	if err := r.List(ctx, &pods, client.HasLabels{"example.com/widget"}); err != nil {
		return err
	}
	_ = podutil.Count(pods.Items)
	return nil
}

// byUID selects by a label whose value is the Widget's UID: UIDs are
// unique in the cluster, so no other instance's Pods carry it.
func (r *GoodReconciler) byUID(ctx context.Context, w *appsv1.Widget) error {
	var pods corev1.PodList
	if err := r.List(ctx, &pods, client.MatchingLabels{"example.com/owner-uid": string(w.UID)}); err != nil {
		return err
	}
	for i := range pods.Items {
		if err := r.Delete(ctx, &pods.Items[i]); err != nil {
			return err
		}
	}
	return nil
}

// filtered keeps to the Pods of its own namespace itself.
func (r *GoodReconciler) filtered(ctx context.Context, w *appsv1.Widget) error {
	var pods corev1.PodList
	if err := r.List(ctx, &pods, client.HasLabels{"example.com/widget"}); err != nil {
		return err
	}
	for i := range pods.Items {
		if pods.Items[i].Namespace != w.Namespace {
			continue
		}
		if err := r.Delete(ctx, &pods.Items[i]); err != nil {
			return err
		}
	}
	return nil
}

// roles lists a cluster-scoped kind: there is no other namespace to reach.
func (r *GoodReconciler) roles(ctx context.Context) error {
	var roles rbacv1.ClusterRoleList
	if err := r.List(ctx, &roles, client.HasLabels{"example.com/widget"}); err != nil {
		return err
	}
	for i := range roles.Items {
		roles.Items[i].Labels["example.com/seen"] = "true"
		if err := r.Update(ctx, &roles.Items[i]); err != nil {
			return err
		}
	}
	return nil
}

// TenantReconciler reconciles a cluster-scoped kind: it has no namespace
// of its own, and its List of every namespace is its purpose.
type TenantReconciler struct {
	client.Client
}

func (r *TenantReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&appsv1.Tenant{}).Complete(r)
}

func (r *TenantReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var pods corev1.PodList
	if err := r.List(ctx, &pods, client.MatchingLabels{"example.com/tenant": req.Name}); err != nil {
		return ctrl.Result{}, err
	}
	for i := range pods.Items {
		if err := r.Delete(ctx, &pods.Items[i]); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}
