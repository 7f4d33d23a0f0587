// Package sources sets up controllers with generation predicates on
// sources of kinds with and without a generation.
package sources

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Reconciler struct{ client.Client }

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

func toOwner(ctx context.Context, o client.Object) []reconcile.Request { return nil }

// A Secret's updates never change its generation.
func (r *Reconciler) OwnsSecrets(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&appsv1.Deployment{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Owns(&corev1.Secret{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})). // want `^the generation predicate on Owns\(&corev1.Secret\{\}, builder.WithPredicates\(predicate.GenerationChangedPredicate\{\}\)\) drops every update of these objects: the API server never sets metadata.generation on a v1.Secret, so only creates and deletes reach Reconcile`
		Complete(r)
}

// Or-ed with a label predicate, ConfigMap data changes are still dropped.
func (r *Reconciler) WatchesConfigMaps(mgr ctrl.Manager) error {
	p := predicate.Or(predicate.GenerationChangedPredicate{}, predicate.LabelChangedPredicate{})
	return ctrl.NewControllerManagedBy(mgr).
		For(&appsv1.Deployment{}).
		Watches(&corev1.ConfigMap{}, handler.EnqueueRequestsFromMapFunc(toOwner), builder.WithPredicates(p)). // want `drops every update of these objects but those of their labels: the API server never sets metadata.generation on a v1.ConfigMap, so an edit of anything else \(its spec, data or status\) never reaches Reconcile`
		Complete(r)
}

// Or with an explicit type argument, and an annotation predicate.
func (r *Reconciler) ExplicitOr(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&appsv1.Deployment{}).
		Owns(&corev1.ConfigMap{}, builder.WithPredicates(predicate.Or[client.Object](predicate.GenerationChangedPredicate{}, predicate.AnnotationChangedPredicate{}))). // want `but those of their annotations: the API server never sets metadata.generation on a v1.ConfigMap`
		Complete(r)
}

// One option, kept in a variable, given to several sources
// (openshift/lightspeed-operator before c4e74fc).
func (r *Reconciler) SharedOption(mgr ctrl.Manager) error {
	generationChanged := builder.WithPredicates(predicate.GenerationChangedPredicate{})
	return ctrl.NewControllerManagedBy(mgr).
		For(&appsv1.Deployment{}).
		Owns(&appsv1.ReplicaSet{}, generationChanged).
		Owns(&corev1.ServiceAccount{}, generationChanged). // want `never sets metadata.generation on a v1.ServiceAccount`
		Owns(&corev1.ConfigMap{}, generationChanged). // want `never sets metadata.generation on a v1.ConfigMap`
		Complete(r)
}

// A pointer to the predicate (codeready-toolchain's form).
func (r *Reconciler) PointerPredicate(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&appsv1.Deployment{}).
		Watches(&corev1.Secret{}, handler.EnqueueRequestsFromMapFunc(toOwner), builder.WithPredicates(&predicate.GenerationChangedPredicate{})). // want `never sets metadata.generation on a v1.Secret`
		Complete(r)
}

// The typed form of the predicate.
func (r *Reconciler) TypedOnService(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.Service{}, builder.WithPredicates(predicate.TypedGenerationChangedPredicate[client.Object]{})). // want `never sets metadata.generation on a v1.Service,`
		Complete(r)
}

// A global filter applies to For: a controller of ServiceAccounts.
func (r *Reconciler) GlobalOnFor(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.ServiceAccount{}).
		WithEventFilter(predicate.GenerationChangedPredicate{}). // want `^WithEventFilter\(predicate.GenerationChangedPredicate\{\}\), which applies to For\(&corev1.ServiceAccount\{\}\), drops every update`
		Complete(r)
}

// Twins: kinds with a generation, predicates that pass data changes,
// filters that do not count on the generation, kinds only known at run
// time, and a global filter on other sources (globalfilter's).

func (r *Reconciler) OwnsDeployments(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&appsv1.StatefulSet{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Owns(&appsv1.Deployment{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(r)
}

func (r *Reconciler) ResourceVersion(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&appsv1.Deployment{}).
		Owns(&corev1.Secret{}, builder.WithPredicates(predicate.ResourceVersionChangedPredicate{})).
		Owns(&corev1.ConfigMap{}, builder.WithPredicates(predicate.Or(predicate.GenerationChangedPredicate{}, predicate.ResourceVersionChangedPredicate{}))).
		Complete(r)
}

func (r *Reconciler) LabelsOnly(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.ConfigMap{}, builder.WithPredicates(predicate.LabelChangedPredicate{})).
		Complete(r)
}

func (r *Reconciler) Unstructured(mgr ctrl.Manager) error {
	u := &unstructured.Unstructured{}
	u.SetAPIVersion("v1")
	u.SetKind("ConfigMap")
	return ctrl.NewControllerManagedBy(mgr).
		For(u, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(r)
}

func (r *Reconciler) GlobalOnOthers(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&appsv1.Deployment{}).
		Owns(&corev1.Secret{}).
		WithEventFilter(predicate.GenerationChangedPredicate{}).
		Complete(r)
}
