// Package refetch holds reconcilers that Get the requested object again
// after writing it, as the kubebuilder and operator-sdk scaffolds do.
package refetch

import (
	"context"
	"log"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// --- correct: the first Get deals with NotFound, the re-fetch is silent ---

// The scaffold's shape: IsNotFound returns nil, then a status update and a
// re-fetch whose error is returned as is.
type ScaffoldReconciler struct {
	client.Client
}

func (r *ScaffoldReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	err := r.Get(ctx, req.NamespacedName, cm)
	if err != nil {
		if apierrors.IsNotFound(err) {
			log.Print("not found, ignoring since object must be deleted")
			return ctrl.Result{}, nil
		}
		log.Print("failed to get")
		return ctrl.Result{}, err
	}
	if len(cm.Data) == 0 {
		cm.Data = map[string]string{"a": "b"}
		if err = r.Update(ctx, cm); err != nil {
			return ctrl.Result{}, err
		}
		if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
			log.Print("failed to re-fetch")
			return ctrl.Result{}, err
		}
	}
	if cm.DeletionTimestamp != nil {
		// A second re-fetch on another branch.
		if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, nil
}

// The first Get filters with client.IgnoreNotFound.
type IgnoreFirstReconciler struct {
	client.Client
}

func (r *IgnoreFirstReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var dep appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &dep); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	dep.Status.ObservedGeneration = dep.Generation
	if err := r.Status().Update(ctx, &dep); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Get(ctx, req.NamespacedName, &dep); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// --- bad: nothing before the re-fetch dealt with NotFound ---

// The first Get returns its error unfiltered: that Get is reported, the
// re-fetch is not (the first fix ends the request).
type UnfilteredFirstReconciler struct {
	client.Client
}

func (r *UnfilteredFirstReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, err // want `returns the NotFound error`
	}
	if err := r.Update(ctx, cm); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// The first Get lets NotFound through to the re-fetch, which returns it.
type NotFoundFallsThroughReconciler struct {
	client.Client
}

func (r *NotFoundFallsThroughReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	err := r.Get(ctx, req.NamespacedName, cm)
	if err != nil && !apierrors.IsNotFound(err) {
		return ctrl.Result{}, err
	}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, err // want `returns the NotFound error`
	}
	return ctrl.Result{}, nil
}

// The earlier Get runs on one path only.
type OnePathReconciler struct {
	client.Client
	Cached bool
}

func (r *OnePathReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if r.Cached {
		if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
			return ctrl.Result{}, client.IgnoreNotFound(err)
		}
	}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, err // want `returns the NotFound error`
	}
	return ctrl.Result{}, nil
}

// The earlier Get is of another type: a Secret of the request's name says
// nothing about the ConfigMap.
type OtherTypeReconciler struct {
	client.Client
}

func (r *OtherTypeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var s corev1.Secret
	if err := r.Get(ctx, req.NamespacedName, &s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, err // want `returns the NotFound error`
	}
	return ctrl.Result{}, nil
}

// The earlier Get's error is dropped.
type DroppedFirstReconciler struct {
	client.Client
}

func (r *DroppedFirstReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	_ = r.Get(ctx, req.NamespacedName, cm)
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, err // want `returns the NotFound error`
	}
	return ctrl.Result{}, nil
}
