package deletionfilter

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"reflect"

	"k8s.io/apimachinery/pkg/api/equality"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	"fixtures/api"
)

// The spec compared on For, in a closure.
type SpecReconciler struct{ client.Client }

func (r *SpecReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return reconcileWidget(ctx, r.Client, req)
}

func (r *SpecReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}, builder.WithPredicates(predicate.Funcs{ // want `the predicate of For\(&api.Widget\{\}, builder.WithPredicates\(predicate.Funcs\{…\}\)\) passes an update of api.Widget only when its spec changed: the update that sets its deletion timestamp changes no spec and is dropped, so the reconcile that removes its finalizer runs only when something else queues the object \(a requeue, another source's event, a restart; resyncs are dropped too\); also pass an update whose new object has a deletion timestamp, or use predicate.GenerationChangedPredicate`
			UpdateFunc: func(e event.UpdateEvent) bool {
				return !reflect.DeepEqual(e.ObjectOld.(*api.Widget).Spec, e.ObjectNew.(*api.Widget).Spec)
			},
		})).
		Complete(r)
}

// The same as a global filter, with checked assertions and
// equality.Semantic.
type GlobalReconciler struct{ client.Client }

func (r *GlobalReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return reconcileWidget(ctx, r.Client, req)
}

func (r *GlobalReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}).
		WithEventFilter(predicate.Funcs{UpdateFunc: specChanged}). // want `WithEventFilter\(predicate.Funcs\{…\}\), which applies to For\(&api.Widget\{\}\), passes an update of api.Widget only when its spec changed`
		Complete(r)
}

func specChanged(e event.UpdateEvent) bool {
	oldW, ok := e.ObjectOld.(*api.Widget)
	if !ok {
		return false
	}
	newW, ok := e.ObjectNew.(*api.Widget)
	if !ok {
		return false
	}
	if equality.Semantic.DeepEqual(oldW.Spec, newW.Spec) {
		return false
	}
	return true
}

// A helper of the package builds the predicate; the spec or the labels.
type HelperReconciler struct{ client.Client }

func (r *HelperReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return reconcileWidget(ctx, r.Client, req)
}

func (r *HelperReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}, builder.WithPredicates(specOrLabels())). // want `passes an update of api.Widget only when its spec or labels changed: the update that sets its deletion timestamp changes none of these and is dropped`
		Complete(r)
}

func specOrLabels() predicate.Predicate {
	return predicate.Funcs{
		UpdateFunc: func(e event.UpdateEvent) bool {
			oldW, newW := e.ObjectOld.(*api.Widget), e.ObjectNew.(*api.Widget)
			return !reflect.DeepEqual(oldW.Spec, newW.Spec) || !reflect.DeepEqual(e.ObjectOld.GetLabels(), e.ObjectNew.GetLabels())
		},
	}
}

// A predicate type of the package comparing a hash of the spec.
type HashReconciler struct{ client.Client }

func (r *HashReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return reconcileWidget(ctx, r.Client, req)
}

func (r *HashReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}).
		WithEventFilter(specHash{}). // want `WithEventFilter\(specHash\{\}\), which applies to For\(&api.Widget\{\}\), passes an update of api.Widget only when its spec changed`
		Complete(r)
}

type specHash struct {
	predicate.Funcs
}

func (specHash) Update(e event.UpdateEvent) bool {
	return hashOf(e.ObjectOld.(*api.Widget).Spec) != hashOf(e.ObjectNew.(*api.Widget).Spec)
}

func hashOf(spec api.WidgetSpec) [32]byte {
	b, _ := json.Marshal(spec)
	return sha256.Sum256(b)
}

// A label predicate alone drops it too.
type LabelReconciler struct{ client.Client }

func (r *LabelReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return reconcileWidget(ctx, r.Client, req)
}

func (r *LabelReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}, builder.WithPredicates(predicate.LabelChangedPredicate{})). // want `passes an update of api.Widget only when its labels changed`
		Complete(r)
}
