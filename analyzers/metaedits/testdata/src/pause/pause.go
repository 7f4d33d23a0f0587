// Package pause sets up controllers whose For source is filtered by a
// generation predicate while their reconcile reads labels or annotations.
package pause

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
)

const (
	pausedAnnotation = "example.com/paused"
	restartTrigger   = "example.com/restart"
	tierLabel        = "example.com/tier"
)

// A pause annotation read in Reconcile: setting it never reaches it.
type Paused struct{ client.Client }

func (r *Paused) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var d appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if d.Annotations[pausedAnnotation] == "true" {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.Update(ctx, &d)
}

func (r *Paused) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&appsv1.Deployment{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})). // want `^the generation predicate on For\(&appsv1.Deployment\{\}, builder.WithPredicates\(predicate.GenerationChangedPredicate\{\}\)\) drops every update that changes only the annotations of a v1.Deployment, but the reconcile reads the annotation "example.com/paused" \(pause.go:31\) to decide what to do: setting it never starts a reconcile; Or the predicate with predicate.AnnotationChangedPredicate\{\}$`
		Complete(r)
}

// A trigger tested by a helper, and removed once served; the event
// filter applies to For.
type Triggered struct{ client.Client }

func (r *Triggered) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var s appsv1.StatefulSet
	if err := r.Get(ctx, req.NamespacedName, &s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if restartRequested(&s) {
		delete(s.Annotations, restartTrigger)
		return ctrl.Result{}, r.Update(ctx, &s)
	}
	return ctrl.Result{}, nil
}

func restartRequested(o client.Object) bool {
	_, ok := o.GetAnnotations()[restartTrigger]
	return ok
}

func (r *Triggered) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&appsv1.StatefulSet{}).
		WithEventFilter(predicate.GenerationChangedPredicate{}). // want `^WithEventFilter\(predicate.GenerationChangedPredicate\{\}\), which applies to For, drops every update that changes only the annotations of a v1.StatefulSet, but the reconcile reads the annotation "example.com/restart" \(pause.go:60\)`
		Complete(r)
}

// A label read in a method the reconcile calls; annotations pass, labels
// do not.
type Tiered struct{ client.Client }

func (r *Tiered) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	d := &appsv1.DaemonSet{}
	if err := r.Get(ctx, req.NamespacedName, d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return r.reconcileNormal(ctx, d)
}

func (r *Tiered) reconcileNormal(ctx context.Context, d *appsv1.DaemonSet) (ctrl.Result, error) {
	if d.GetLabels()[tierLabel] == "frontend" {
		return ctrl.Result{Requeue: true}, nil
	}
	return ctrl.Result{}, nil
}

func (r *Tiered) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&appsv1.DaemonSet{}, builder.WithPredicates(predicate.Or(predicate.GenerationChangedPredicate{}, predicate.AnnotationChangedPredicate{}))). // want `changes only the labels of a v1.DaemonSet, but the reconcile reads the label "example.com/tier" \(pause.go:84\) .*predicate.LabelChangedPredicate\{\}$`
		Complete(r)
}

// The typed form, and metav1.HasAnnotation.
type Typed struct{ client.Client }

func (r *Typed) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var j corev1.ReplicationController
	if err := r.Get(ctx, req.NamespacedName, &j); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if metav1.HasAnnotation(j.ObjectMeta, pausedAnnotation) {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, nil
}

func (r *Typed) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.ReplicationController{}, builder.WithPredicates(predicate.TypedGenerationChangedPredicate[client.Object]{})). // want `changes only the annotations of a v1.ReplicationController`
		Complete(r)
}

// Fetched by a helper given the request's key.
type Fetched struct{ client.Client }

func (r *Fetched) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	rs, err := r.getReplicaSet(ctx, req.NamespacedName)
	if err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if rs.Annotations[pausedAnnotation] == "true" {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, nil
}

func (r *Fetched) getReplicaSet(ctx context.Context, key client.ObjectKey) (*appsv1.ReplicaSet, error) {
	rs := &appsv1.ReplicaSet{}
	return rs, r.Get(ctx, key, rs)
}

func (r *Fetched) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&appsv1.ReplicaSet{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})). // want `changes only the annotations of a v1.ReplicaSet, but the reconcile reads the annotation "example.com/paused"`
		Complete(r)
}
