package managed

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"fixtures/managed/api"
)

// home looks up the namespace the process serves; its key comes from the
// process's configuration, not from any object.
func home(ctx context.Context, c client.Client, name string) (*corev1.Namespace, error) {
	ns := &corev1.Namespace{}
	return ns, c.Get(ctx, client.ObjectKey{Name: name}, ns)
}

// When the namespace the whole process serves is gone, every Work returns
// before the deletion branch alike: a state of the deployment (whoever
// removes it strips the finalizers), not of one Work (cloudnative-pg's
// instance manager, "Cluster gone"). Not reported.
type ProcessReconciler struct {
	client.Client
	homeName string
}

func (r *ProcessReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Work{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if _, err := home(ctx, r.Client, r.homeName); err != nil {
		if !apierrors.IsNotFound(err) {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, nil
	}
	if !w.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(w, finalizer)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	if controllerutil.AddFinalizer(w, finalizer) {
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

// Twin: the namespace looked up is the one the Work names; it can go
// while the Work carries the finalizer, and the Work is stranded.
type NamedHomeReconciler struct{ client.Client }

func (r *NamedHomeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Work{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	ns := &corev1.Namespace{}
	ns.Name = w.Spec.Cluster
	if err := r.Get(ctx, client.ObjectKeyFromObject(ns), ns); err != nil {
		if !apierrors.IsNotFound(err) {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, nil // want `this success return without requeue comes before the deletion branch`
	}
	if !w.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(w, finalizer)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	if controllerutil.AddFinalizer(w, finalizer) {
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

// Twin: a property of that namespace is no such gate; it can change while
// Works carry the finalizer (cloudnative-pg's replica gate, fixed so that
// deletion passes it), and they are stranded.
type ReplicaReconciler struct {
	client.Client
	homeName string
}

func (r *ReplicaReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Work{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	h, err := home(ctx, r.Client, r.homeName)
	if err != nil {
		return ctrl.Result{}, err
	}
	if h.Labels["role"] == "replica" {
		return ctrl.Result{}, nil // want `this success return without requeue comes before the deletion branch`
	}
	if !w.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(w, finalizer)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	if controllerutil.AddFinalizer(w, finalizer) {
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}
