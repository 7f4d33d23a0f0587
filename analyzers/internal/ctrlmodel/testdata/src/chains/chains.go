package chains

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/source"
)

type R struct{}

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

func mapToNothing(ctx context.Context, obj client.Object) []reconcile.Request { return nil }

// One expression, through the ctrl variable alias.
func OneExpression(mgr ctrl.Manager, r *R) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.Namespace{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Owns(&appsv1.Deployment{}).
		Named("one").
		Complete(r) // want `chain: For\(\*v1.Namespace pred\[generation\]\) Owns\(\*v1.Deployment\) Named Complete\(\*chains.R\)`
}

// Split over statements and an if; a second, unrelated chain in the same
// function stays separate.
func Split(mgr ctrl.Manager, r *R, watchSecrets bool) error {
	b := builder.ControllerManagedBy(mgr).For(&corev1.Namespace{})
	if watchSecrets {
		b = b.Watches(&corev1.Secret{}, handler.EnqueueRequestForOwner(mgr.GetScheme(), mgr.GetRESTMapper(), &corev1.Namespace{}))
	}
	b.WithEventFilter(predicate.And(predicate.GenerationChangedPredicate{}, predicate.NewPredicateFuncs(func(client.Object) bool { return true })))
	if _, err := b.Build(r); err != nil { // want `chain: For\(\*v1.Namespace\) Watches\(\*v1.Secret owner=\*v1.Namespace\) WithEventFilter\(pred\[and\(generation,other\)\]\) Build\(\*chains.R\)`
		return err
	}
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.Pod{}).Complete(r) // want `chain: For\(\*v1.Pod\) Complete\(\*chains.R\)`
}

// Typed builder, typed handlers, raw source, an unknown object type.
func Typed(mgr ctrl.Manager, r *R, obj client.Object) error {
	return builder.TypedControllerManagedBy[reconcile.Request](mgr).
		For(&corev1.ConfigMap{}).
		Watches(&corev1.Secret{}, &handler.EnqueueRequestForObject{}).
		Watches(&corev1.Pod{}, handler.EnqueueRequestsFromMapFunc(mapToNothing),
			builder.WithPredicates(predicate.Or(predicate.LabelChangedPredicate{}, predicate.AnnotationChangedPredicate{}))).
		Watches(obj, handler.TypedEnqueueRequestForOwner[client.Object](mgr.GetScheme(), mgr.GetRESTMapper(), &corev1.ConfigMap{})).
		WatchesMetadata(&corev1.Service{}, handler.Funcs{}).
		WatchesRawSource(source.Kind(mgr.GetCache(), &corev1.Node{}, &handler.TypedEnqueueRequestForObject[*corev1.Node]{})).
		Complete(r) // want `chain: For\(\*v1.ConfigMap\) Watches\(\*v1.Secret object\) Watches\(\*v1.Pod mapfunc pred\[or\(label,annotation\)\]\) Watches\(\? owner=\*v1.ConfigMap\) WatchesMetadata\(\*v1.Service other\) WatchesRawSource Complete\(\*chains.R\)`
}

// A builder kept in a variable that a closure captures.
func Captured(mgr ctrl.Manager, r *R) error {
	b := ctrl.NewControllerManagedBy(mgr)
	b.For(unstructuredPtr())
	add := func() { b = b.Owns(&unstructured.Unstructured{}) }
	add()
	return b.Complete(reconcile.Func(r.Reconcile)) // want `chain: For\(\*unstructured.Unstructured\) Owns\(\*unstructured.Unstructured\) Complete\(reconcile.Func\)`
}

func unstructuredPtr() *unstructured.Unstructured { return &unstructured.Unstructured{} }

// Helpers: a builder passed to and returned by a helper, a builder passed
// to a helper, a builder created by a helper.
func withOwned(b *builder.Builder) *builder.Builder {
	return b.Owns(&appsv1.Deployment{})
}

func addFilter(b *builder.Builder) {
	b.WithEventFilter(predicate.GenerationChangedPredicate{})
}

func newNamespaceBuilder(mgr ctrl.Manager) *builder.Builder {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.Namespace{})
}

func Helpers(mgr ctrl.Manager, r *R) error {
	b := withOwned(newNamespaceBuilder(mgr))
	addFilter(b)
	return b.Complete(r) // want `chain: Owns\(\*v1.Deployment\) WithEventFilter\(pred\[generation\]\) For\(\*v1.Namespace\) Complete\(\*chains.R\)`
}

// A second controller sharing a helper is a chain of its own.
func HelpersAgain(mgr ctrl.Manager, r *R) error {
	return withOwned(ctrl.NewControllerManagedBy(mgr).For(&corev1.Secret{})).Complete(r) // want `chain: Owns\(\*v1.Deployment\) For\(\*v1.Secret\) Complete\(\*chains.R\)`
}

// A recursive helper and a helper never called here: no hang, no panic.
func loop(b *builder.Builder, n int) *builder.Builder {
	if n == 0 {
		return b
	}
	return loop(b.Named("x"), n-1)
}

func Unused(b *builder.Builder) *builder.Builder {
	return b.Owns(&corev1.Pod{}) // want `chain: Owns\(\*v1.Pod\)`
}

func Recursive(mgr ctrl.Manager, r *R) error {
	return loop(ctrl.NewControllerManagedBy(mgr).For(&corev1.Node{}), 3).Complete(r) // want `chain: Named For\(\*v1.Node\) Complete\(\*chains.R\)`
}

// Odd programs: a builder in a global, a method value, a loop, deferred
// and nil builders. Nothing must panic.
var global *builder.Builder

func Odd(mgr ctrl.Manager, r *R, objs []client.Object) error {
	global = ctrl.NewControllerManagedBy(mgr)
	owns := global.Owns
	owns(&corev1.Pod{})
	b := global.For(&corev1.Pod{})
	for _, o := range objs {
		b = b.Watches(o, &handler.EnqueueRequestForObject{})
	}
	var nb *builder.Builder
	defer nb.Complete(r)
	return b.WithOptions(controller.Options{}).WithEventFilter(nil).Complete(r) // want `chain: For\(\*v1.Pod\) Watches\(\? object\) WithOptions WithEventFilter\(pred\[other\]\) Complete\(\*chains.R\)`
}
