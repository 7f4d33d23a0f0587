package all

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// AppReconciler reconciles Deployments (its For type).
type AppReconciler struct {
	client.Client
}

func (r *AppReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&appsv1.Deployment{}).
		Complete(r)
}

// With -updatepatch.all the For type is reported too.
func (r *AppReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, req.NamespacedName, dep); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if controllerutil.AddFinalizer(dep, "example.com/cleanup") {
		if err := r.Update(ctx, dep); err != nil { // want `Update writes the whole v1.Deployment, which users and other controllers may also write: every concurrent change.* and client.MergeFromWithOptimisticLock\{\} \(a merge patch replaces .Finalizers whole\)`
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

// A reconcile.Func: no model, reported with -updatepatch.all.
func NewConfigReconciler(c client.Client) reconcile.Reconciler {
	return reconcile.Func(func(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
		var cm corev1.ConfigMap
		if err := c.Get(ctx, req.NamespacedName, &cm); err != nil {
			return reconcile.Result{}, client.IgnoreNotFound(err)
		}
		if cm.Data == nil {
			cm.Data = map[string]string{}
		}
		cm.Data["seen"] = "true"
		return reconcile.Result{}, c.Update(ctx, &cm) // want `Update writes the whole v1.ConfigMap, which users and other controllers may also write`
	})
}

// A plain function, an unstructured object.
func Relabel(ctx context.Context, c client.Client, key types.NamespacedName) error {
	u := &unstructured.Unstructured{}
	u.SetAPIVersion("example.com/v1")
	u.SetKind("Widget")
	if err := c.Get(ctx, key, u); err != nil {
		return err
	}
	labels := u.GetLabels()
	if labels == nil {
		labels = map[string]string{}
	}
	labels["tier"] = "web"
	u.SetLabels(labels)
	return c.Update(ctx, u) // want `Update writes the whole unstructured.Unstructured`
}

// A name patch is taken, and a later statement mentions patch2: the fix
// uses patch3.
func Rescale(ctx context.Context, c client.Client, key types.NamespacedName, patch int32) error {
	dep := &appsv1.Deployment{}
	if err := c.Get(ctx, key, dep); err != nil {
		return err
	}
	dep.Spec.Replicas = &patch
	patch2 := "x"
	dep.Labels = map[string]string{"by": patch2}
	return c.Update(ctx, dep) // want `Update writes the whole v1.Deployment`
}

// Two objects in one function: two patch variables.
func Both(ctx context.Context, c client.Client, key types.NamespacedName) error {
	dep := &appsv1.Deployment{}
	if err := c.Get(ctx, key, dep); err != nil {
		return err
	}
	dep.Spec.Paused = true
	if err := c.Update(ctx, dep); err != nil { // want `Update writes the whole v1.Deployment`
		return err
	}
	svc := &corev1.Service{}
	if err := c.Get(ctx, key, svc); err != nil {
		return err
	}
	svc.Spec.Type = corev1.ServiceTypeClusterIP
	return c.Update(ctx, svc) // want `Update writes the whole v1.Service`
}

// A change after the Update reaches it round the loop: reported, no fix.
func Loop(ctx context.Context, c client.Client, key types.NamespacedName, n int) error {
	dep := &appsv1.Deployment{}
	if err := c.Get(ctx, key, dep); err != nil {
		return err
	}
	for i := 0; i < n; i++ {
		if i > 0 {
			if err := c.Update(ctx, dep); err != nil { // want `Update writes the whole v1.Deployment`
				return err
			}
		}
		dep.Spec.MinReadySeconds = int32(i)
	}
	return nil
}

// A fetch after the Update does not stop the fix.
func Refetch(ctx context.Context, c client.Client, key types.NamespacedName) error {
	dep := &appsv1.Deployment{}
	if err := c.Get(ctx, key, dep); err != nil {
		return err
	}
	dep.Spec.Paused = true
	if err := c.Update(ctx, dep); err != nil { // want `Update writes the whole v1.Deployment`
		return err
	}
	return c.Get(ctx, key, dep)
}

// The fetch and the change in one if statement: the copy cannot go
// before it. Reported, no fix.
func FetchInCond(ctx context.Context, c client.Client, key types.NamespacedName) error {
	dep := &appsv1.Deployment{}
	if err := c.Get(ctx, key, dep); err == nil && controllerutil.AddFinalizer(dep, "example.com/f") {
		return c.Update(ctx, dep) // want `Update writes the whole v1.Deployment`
	}
	return nil
}

// Twins, silent even with -updatepatch.all.

func Fresh(ctx context.Context, c client.Client, desired *appsv1.Deployment, existing *appsv1.Deployment) error {
	desired.ResourceVersion = existing.ResourceVersion
	return c.Update(ctx, desired)
}

func Unchanged(ctx context.Context, c client.Client, key types.NamespacedName) error {
	var cm corev1.ConfigMap
	if err := c.Get(ctx, key, &cm); err != nil {
		return err
	}
	return c.Update(ctx, &cm)
}

func Copied(ctx context.Context, c client.Client, key types.NamespacedName) error {
	var cm corev1.ConfigMap
	if err := c.Get(ctx, key, &cm); err != nil {
		return err
	}
	other := cm.DeepCopy()
	other.Data = map[string]string{"a": "b"}
	return c.Update(ctx, &cm)
}
