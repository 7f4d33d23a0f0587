package terminatinglive

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"fixtures/api"
	"fixtures/steps"
)

const widgetFinalizer = "example.com/widget"

// GoodReconciler is BadReconciler's twin: it returns before creating
// anything once the Widget is terminating.
type GoodReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *GoodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !w.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	dep := &appsv1.Deployment{}
	dep.Name, dep.Namespace = w.Name, w.Namespace
	if _, err := controllerutil.CreateOrUpdate(ctx, r.Client, dep, func() error {
		dep.Spec.Replicas = &w.Spec.Replicas
		return controllerutil.SetControllerReference(w, dep, r.Scheme)
	}); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// GoodHelperGuardReconciler tests the deletion state through a helper of
// its own.
type GoodHelperGuardReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

func terminating(obj client.Object) bool {
	return obj.GetDeletionTimestamp() != nil
}

func (r *GoodHelperGuardReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if terminating(w) {
		return ctrl.Result{}, nil
	}
	return steps.EnsureDeployment(ctx, r.Client, r.Scheme, w)
}

// GoodStepGuardReconciler calls another package's step that does
// nothing once the Widget is terminating.
type GoodStepGuardReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *GoodStepGuardReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return steps.EnsureDeploymentWhileLive(ctx, r.Client, r.Scheme, w)
}

// GoodFinalizerReconciler has a deletion branch that removes its
// finalizer; children are created only on the other side.
type GoodFinalizerReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *GoodFinalizerReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.DeletionTimestamp != nil {
		if controllerutil.RemoveFinalizer(w, widgetFinalizer) {
			return ctrl.Result{}, r.Update(ctx, w)
		}
		return ctrl.Result{}, nil
	}
	if controllerutil.AddFinalizer(w, widgetFinalizer) {
		if err := r.Update(ctx, w); err != nil {
			return ctrl.Result{}, err
		}
	}
	return steps.EnsureDeployment(ctx, r.Client, r.Scheme, w)
}

// GoodUnownedReconciler creates a ConfigMap the Widget does not own: the
// garbage collector does not delete it with the Widget.
type GoodUnownedReconciler struct {
	client.Client
}

func (r *GoodUnownedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm := &corev1.ConfigMap{}
	cm.Name, cm.Namespace = w.Name, w.Namespace
	err := r.Create(ctx, cm)
	return ctrl.Result{}, client.IgnoreAlreadyExists(err)
}

// GoodConditionalReconciler creates its ConfigMap only when the spec
// asks for it: not on every path.
type GoodConditionalReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *GoodConditionalReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !w.Spec.Enabled {
		return ctrl.Result{}, nil
	}
	cm := &corev1.ConfigMap{}
	cm.Name, cm.Namespace = w.Name, w.Namespace
	if err := controllerutil.SetControllerReference(w, cm, r.Scheme); err != nil {
		return ctrl.Result{}, err
	}
	err := r.Create(ctx, cm)
	return ctrl.Result{}, client.IgnoreAlreadyExists(err)
}

// ListReconciler reads no object by the request's key (it lists), so no
// object of its own is known: silent (this shape once crashed the check).
type ListReconciler struct {
	client.Client
}

func (r *ListReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cms corev1.ConfigMapList
	if err := r.List(ctx, &cms, client.InNamespace(req.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}
