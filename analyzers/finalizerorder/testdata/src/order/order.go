package order

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/finalizer"

	"fixtures/helpers"
)

const appFinalizer = "example.com/app"

type Reconciler struct {
	client.Client
	Finalizers finalizer.Finalizers
}

// The operator-sdk / kubebuilder deploy-image scaffold's order: the
// finalizer first, the deletion branch after.
func (r *Reconciler) Scaffold(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !controllerutil.ContainsFinalizer(cm, appFinalizer) {
		controllerutil.AddFinalizer(cm, appFinalizer) // want `finalizer "example.com/app" is added to cm, and written, before its deletion state is looked at: once cm is terminating without it, the API server refuses the write`
		if err := r.Update(ctx, cm); err != nil {
			return ctrl.Result{}, err
		}
	}
	if cm.GetDeletionTimestamp() != nil {
		if controllerutil.RemoveFinalizer(cm, appFinalizer) {
			return ctrl.Result{}, r.Update(ctx, cm)
		}
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, nil
}

// Through a helper of another package that adds and writes.
func (r *Reconciler) ThroughHelper(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := helpers.Ensure(ctx, r.Client, cm); err != nil { // want `a finalizer is added \(by helpers.Ensure\) to cm, and written, before its deletion state is looked at`
		return ctrl.Result{}, err
	}
	if !cm.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, nil
}

// A child volume, never looked at.
func (r *Reconciler) Child(ctx context.Context, key types.NamespacedName) error {
	var pvc corev1.PersistentVolumeClaim
	if err := r.Get(ctx, key, &pvc); err != nil {
		return err
	}
	patch := client.MergeFromWithOptions(pvc.DeepCopy(), client.MergeFromWithOptimisticLock{})
	controllerutil.AddFinalizer(&pvc, appFinalizer) // want `finalizer "example.com/app" is added to pvc, and written`
	return r.Patch(ctx, &pvc, patch)
}

// Twins.

// kubebuilder's finalizer documentation: the deletion test first.
func (r *Reconciler) DeletionFirst(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cm.ObjectMeta.DeletionTimestamp.IsZero() {
		if !controllerutil.ContainsFinalizer(cm, appFinalizer) {
			controllerutil.AddFinalizer(cm, appFinalizer)
			if err := r.Update(ctx, cm); err != nil {
				return ctrl.Result{}, err
			}
		}
	} else {
		if controllerutil.RemoveFinalizer(cm, appFinalizer) {
			if err := r.Update(ctx, cm); err != nil {
				return ctrl.Result{}, err
			}
		}
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, nil
}

// An early return of the terminating case, then the finalizer.
func (r *Reconciler) EarlyReturn(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if isTerminating(cm) {
		return ctrl.Result{}, r.cleanup(ctx, cm)
	}
	if controllerutil.AddFinalizer(cm, appFinalizer) {
		return ctrl.Result{}, r.Update(ctx, cm)
	}
	return ctrl.Result{}, nil
}

func isTerminating(obj metav1.Object) bool { return obj.GetDeletionTimestamp() != nil }

func (r *Reconciler) cleanup(ctx context.Context, cm *corev1.ConfigMap) error {
	if controllerutil.RemoveFinalizer(cm, appFinalizer) {
		return r.Update(ctx, cm)
	}
	return nil
}

// A helper that handles deletion without a bool of it.
func (r *Reconciler) Handled(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if done, err := helpers.HandleDeletion(ctx, r.Client, cm); done || err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, helpers.Ensure(ctx, r.Client, cm)
}

// controller-runtime's finalizer helper tests the deletion state itself.
func (r *Reconciler) Helper(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	res, err := r.Finalizers.Finalize(ctx, cm)
	if err != nil {
		return ctrl.Result{}, err
	}
	if res.Updated {
		return ctrl.Result{}, r.Update(ctx, cm)
	}
	return ctrl.Result{}, nil
}

// A helper that looks at the deletion state before it adds.
func (r *Reconciler) Guarded(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := helpers.EnsureGuarded(ctx, r.Client, cm); err != nil {
		return ctrl.Result{}, err
	}
	if !cm.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, nil
}

// Made here: a new object is not terminating.
func (r *Reconciler) Create(ctx context.Context) error {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "x", Namespace: "y"}}
	controllerutil.AddFinalizer(cm, appFinalizer)
	return r.Client.Create(ctx, cm)
}

// Handed in: the caller decides (its own call is judged).
func (r *Reconciler) ensure(ctx context.Context, cm *corev1.ConfigMap) error {
	if controllerutil.AddFinalizer(cm, appFinalizer) {
		return r.Update(ctx, cm)
	}
	return nil
}

// Added but not written here.
func Mark(ctx context.Context, c client.Reader, key types.NamespacedName) (*corev1.ConfigMap, error) {
	cm := &corev1.ConfigMap{}
	if err := c.Get(ctx, key, cm); err != nil {
		return nil, err
	}
	controllerutil.AddFinalizer(cm, appFinalizer)
	return cm, nil
}
