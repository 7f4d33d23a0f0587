package pause

import (
	"context"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	policyv1 "k8s.io/api/policy/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
)

const (
	hashAnnotation = "example.com/config-hash"
	keepAnnotation = "example.com/keep-data"
	finalizer      = "example.com/cleanup"
)

// The annotation predicate Or-ed in: edits of annotations get through.
type PausedOr struct{ client.Client }

func (r *PausedOr) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var j batchv1.Job
	if err := r.Get(ctx, req.NamespacedName, &j); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if j.Annotations[pausedAnnotation] == "true" {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, nil
}

func (r *PausedOr) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&batchv1.Job{}, builder.WithPredicates(predicate.Or(predicate.GenerationChangedPredicate{}, predicate.AnnotationChangedPredicate{}))).
		Complete(r)
}

// A hash the controller stores and compares: its own memory.
type Hashed struct{ client.Client }

func (r *Hashed) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var c batchv1.CronJob
	if err := r.Get(ctx, req.NamespacedName, &c); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	h := "computed"
	if c.Annotations[hashAnnotation] != h {
		if c.Annotations == nil {
			c.Annotations = map[string]string{}
		}
		c.Annotations[hashAnnotation] = h
		return ctrl.Result{}, r.Update(ctx, &c)
	}
	return ctrl.Result{}, nil
}

func (r *Hashed) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&batchv1.CronJob{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(r)
}

// Read only while the object terminates: the deletion raised the
// generation and started this reconcile.
type Cleanup struct{ client.Client }

func (r *Cleanup) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b policyv1.PodDisruptionBudget
	if err := r.Get(ctx, req.NamespacedName, &b); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !b.DeletionTimestamp.IsZero() {
		if b.Annotations[keepAnnotation] != "true" {
			_ = r.DeleteAllOf(ctx, &corev1.ConfigMap{}, client.InNamespace(b.Namespace))
		}
		controllerutil.RemoveFinalizer(&b, finalizer)
		return ctrl.Result{}, r.Update(ctx, &b)
	}
	return ctrl.Result{}, nil
}

func (r *Cleanup) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&policyv1.PodDisruptionBudget{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(r)
}

// The annotations of another object (the referenced ConfigMap) are not
// the reconciled object's.
type Other struct{ client.Client }

func (r *Other) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var role rbacv1.Role
	if err := r.Get(ctx, req.NamespacedName, &role); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var cm corev1.ConfigMap
	if err := r.Get(ctx, client.ObjectKey{Namespace: req.Namespace, Name: "settings"}, &cm); err != nil {
		return ctrl.Result{}, err
	}
	if cm.Annotations[pausedAnnotation] == "true" {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, nil
}

func (r *Other) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&rbacv1.Role{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(r)
}

// Labels the controller sets as a whole (SetLabels with its own map): it
// reads back what it wrote.
type Labelled struct{ client.Client }

func (r *Labelled) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b rbacv1.RoleBinding
	if err := r.Get(ctx, req.NamespacedName, &b); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if b.Labels[tierLabel] != "managed" {
		b.SetLabels(map[string]string{tierLabel: "managed"})
		return ctrl.Result{}, r.Update(ctx, &b)
	}
	return ctrl.Result{}, nil
}

func (r *Labelled) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&rbacv1.RoleBinding{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(r)
}
