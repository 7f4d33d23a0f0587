package deletionfilter

import (
	"context"
	"reflect"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	"fixtures/api"
	"fixtures/preds"
)

// SpecReconciler's twin: the predicate also passes an update whose new
// object has a deletion timestamp.
type DeletingReconciler struct{ client.Client }

func (r *DeletingReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return reconcileWidget(ctx, r.Client, req)
}

func (r *DeletingReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}, builder.WithPredicates(predicate.Funcs{
			UpdateFunc: func(e event.UpdateEvent) bool {
				if !e.ObjectNew.GetDeletionTimestamp().IsZero() {
					return true
				}
				return !reflect.DeepEqual(e.ObjectOld.(*api.Widget).Spec, e.ObjectNew.(*api.Widget).Spec)
			},
		})).
		Complete(r)
}

// GlobalReconciler's twin: the deletion timestamps compared.
type TimestampReconciler struct{ client.Client }

func (r *TimestampReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return reconcileWidget(ctx, r.Client, req)
}

func (r *TimestampReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}).
		WithEventFilter(predicate.Funcs{UpdateFunc: specOrDeletion}).
		Complete(r)
}

func specOrDeletion(e event.UpdateEvent) bool {
	oldW, ok := e.ObjectOld.(*api.Widget)
	if !ok {
		return false
	}
	newW, ok := e.ObjectNew.(*api.Widget)
	if !ok {
		return false
	}
	return !reflect.DeepEqual(oldW.Spec, newW.Spec) || !oldW.DeletionTimestamp.Equal(newW.DeletionTimestamp)
}

// The spec, or the generation, or the resourceVersion: each passes it.
type GenerationReconciler struct{ client.Client }

func (r *GenerationReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return reconcileWidget(ctx, r.Client, req)
}

func (r *GenerationReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}, builder.WithPredicates(predicate.Funcs{
			UpdateFunc: func(e event.UpdateEvent) bool {
				return !reflect.DeepEqual(e.ObjectOld.(*api.Widget).Spec, e.ObjectNew.(*api.Widget).Spec) ||
					e.ObjectOld.GetGeneration() != e.ObjectNew.GetGeneration()
			},
		})).
		WithEventFilter(predicate.Funcs{
			UpdateFunc: func(e event.UpdateEvent) bool {
				if reflect.DeepEqual(e.ObjectOld.(*api.Widget).Spec, e.ObjectNew.(*api.Widget).Spec) {
					return e.ObjectOld.GetResourceVersion() != e.ObjectNew.GetResourceVersion()
				}
				return true
			},
		}).
		Complete(r)
}

// The library's generation predicate, alone or or-ed with a spec one.
type LibraryReconciler struct{ client.Client }

func (r *LibraryReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return reconcileWidget(ctx, r.Client, req)
}

func (r *LibraryReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		WithEventFilter(predicate.Or(predicate.GenerationChangedPredicate{}, specOrLabels())).
		Complete(r)
}

// The predicate on Owns, with no global filter: the Widget's own updates
// all pass.
type OwnsReconciler struct{ client.Client }

func (r *OwnsReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return reconcileWidget(ctx, r.Client, req)
}

func (r *OwnsReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}).
		Owns(&corev1.ConfigMap{}, builder.WithPredicates(predicate.Funcs{UpdateFunc: specChanged})).
		Complete(r)
}

// An UpdateFunc the model cannot follow: a field of the reconciler.
type FieldReconciler struct {
	client.Client
	Filter func(event.UpdateEvent) bool
}

func (r *FieldReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return reconcileWidget(ctx, r.Client, req)
}

func (r *FieldReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}, builder.WithPredicates(predicate.Funcs{UpdateFunc: r.Filter})).
		Complete(r)
}

// A predicate built in another package: not followed (its body is not
// in this package's SSA, and no fact carries it).
type ImportedReconciler struct{ client.Client }

func (r *ImportedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return reconcileWidget(ctx, r.Client, req)
}

func (r *ImportedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}, builder.WithPredicates(preds.SpecChanged())).
		Complete(r)
}

// A predicate type whose Update passes the whole object's change.
type WholeReconciler struct{ client.Client }

func (r *WholeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return reconcileWidget(ctx, r.Client, req)
}

func (r *WholeReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}).
		WithEventFilter(wholeObject{}).
		Complete(r)
}

type wholeObject struct {
	predicate.Funcs
}

func (wholeObject) Update(e event.UpdateEvent) bool {
	return !reflect.DeepEqual(e.ObjectOld, e.ObjectNew)
}
