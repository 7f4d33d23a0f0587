package requested

import (
	"context"
	"fmt"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// Embedded client, error returned as is.
type EmbeddedReconciler struct {
	client.Client
}

func (r *EmbeddedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, err // want `Reconcile returns the NotFound error of getting the requested object`
	}
	return ctrl.Result{}, nil
}

// Client in a named field, error wrapped with %w.
type FieldReconciler struct {
	Kube client.Client
}

func (r *FieldReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	dep := &appsv1.Deployment{}
	err := r.Kube.Get(ctx, req.NamespacedName, dep)
	if err != nil {
		return reconcile.Result{}, fmt.Errorf("get deployment %s: %w", req.Name, err) // want `returns the NotFound error`
	}
	return reconcile.Result{}, nil
}

// A client.Reader field (the API reader), key built from the request's
// fields, error wrapped with %v: reported, but no fix (IgnoreNotFound cannot
// see through %v).
type ReaderReconciler struct {
	APIReader client.Reader
}

func (r *ReaderReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	key := types.NamespacedName{Namespace: req.Namespace, Name: req.Name}
	var pod corev1.Pod
	if err := r.APIReader.Get(ctx, key, &pod); err != nil {
		return ctrl.Result{}, fmt.Errorf("get pod: %v", err) // want `returns the NotFound error`
	}
	return ctrl.Result{}, nil
}

// The NotFound case falls through to an error return.
type FallThroughReconciler struct {
	client.Client
}

func (r *FallThroughReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	err := r.Get(ctx, req.NamespacedName, &cm)
	if apierrors.IsNotFound(err) {
		fmt.Println("gone")
	}
	if err != nil {
		return ctrl.Result{}, err // want `returns the NotFound error`
	}
	return ctrl.Result{}, nil
}

// A reconcile.Func literal.
func NewFuncReconciler(c client.Client) reconcile.Reconciler {
	return reconcile.Func(func(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
		var cm corev1.ConfigMap
		if err := c.Get(ctx, req.NamespacedName, &cm); err != nil {
			return reconcile.Result{}, err // want `returns the NotFound error`
		}
		return reconcile.Result{}, nil
	})
}

// --- correct twins: must stay silent ---

type IgnoreNotFoundReconciler struct {
	client.Client
}

func (r *IgnoreNotFoundReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, nil
}

type IsNotFoundBranchReconciler struct {
	client.Client
}

func (r *IsNotFoundBranchReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{}, nil
		}
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

type SwitchReconciler struct {
	client.Client
}

func (r *SwitchReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	err := r.Get(ctx, req.NamespacedName, &cm)
	switch {
	case apierrors.IsNotFound(err):
		return ctrl.Result{}, nil
	case err != nil:
		return ctrl.Result{}, fmt.Errorf("get: %w", err)
	}
	return ctrl.Result{}, err
}

// IgnoreNotFound in the condition, the raw error returned after it.
type IgnoreInCondReconciler struct {
	client.Client
}

func (r *IgnoreInCondReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); client.IgnoreNotFound(err) != nil {
		return ctrl.Result{}, err
	} else if err != nil {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, nil
}

// The error was filtered first, then wrapped.
type FilterThenWrapReconciler struct {
	client.Client
}

func (r *FilterThenWrapReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		if !apierrors.IsNotFound(err) {
			return ctrl.Result{}, fmt.Errorf("get configmap: %w", err)
		}
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, nil
}

// Not the requested object: a missing referenced Secret is worth a retry.
type OtherObjectReconciler struct {
	client.Client
}

func (r *OtherObjectReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var secret corev1.Secret
	if err := r.Get(ctx, types.NamespacedName{Namespace: cm.Namespace, Name: cm.Data["secret"]}, &secret); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// The error examined by a helper we cannot see into: silent.
type HelperReconciler struct {
	client.Client
}

func (r *HelperReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		if gone(err) {
			return ctrl.Result{}, nil
		}
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

func gone(err error) bool { return apierrors.IsNotFound(err) || apierrors.IsGone(err) }

// Not a reconciler: a method with another signature.
type NotAReconciler struct {
	client.Client
}

func (r *NotAReconciler) Sync(ctx context.Context, req ctrl.Request) error {
	var cm corev1.ConfigMap
	return r.Get(ctx, req.NamespacedName, &cm)
}
