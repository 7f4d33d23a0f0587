package loop

import (
	"context"
	"sort"
	"time"

	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
)

// StampReconciler stamps the time, counts and measures on every reconcile.
type StampReconciler struct{ client.Client }

func (r *StampReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !w.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	now := metav1.Now()
	w.Status.LastUpdated = &now                                                     // want `the status is written on every reconcile with metav1.Now\(\), and For\(&Widget\{\}\) lets status-only updates through: each write is an update event that starts the next reconcile`
	w.Status.Reconciles++                                                           // want `with a counter incremented`
	w.Status.Age = time.Since(w.CreationTimestamp.Time).Round(time.Second).String() // want `with time.Since\(\)`
	w.Status.ObservedGeneration = w.Generation
	var keys []string
	for k := range w.Labels {
		keys = append(keys, k)
	}
	w.Status.Keys = keys // want `with a list in map iteration order`
	var sortedKeys []string
	for k := range w.Annotations {
		sortedKeys = append(sortedKeys, k)
	}
	sort.Strings(sortedKeys)
	w.Status.Annotations = sortedKeys
	if err := r.Status().Update(ctx, w); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

func (r *StampReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&Widget{}).Complete(r)
}

// HelperReconciler writes through a helper it calls on every reconcile.
type HelperReconciler struct{ client.Client }

func (r *HelperReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, r.setStatus(ctx, w)
}

func (r *HelperReconciler) setStatus(ctx context.Context, w *Widget) error {
	w.Status.Phase = "Ready"
	w.Status.LastUpdated = &metav1.Time{Time: time.Now()} // want `with time.Now\(\)`
	return r.Status().Update(ctx, w)
}

func (r *HelperReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&Widget{}).Complete(r)
}

// GenerationReconciler filters status-only updates: no loop.
type GenerationReconciler struct{ client.Client }

func (r *GenerationReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	now := metav1.Now()
	w.Status.LastUpdated = &now
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

func (r *GenerationReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(r)
}

// FilterReconciler has a predicate of its own: it may filter them.
type FilterReconciler struct{ client.Client }

func (r *FilterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Reconciles++
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

func (r *FilterReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}).
		WithEventFilter(predicate.Funcs{UpdateFunc: func(e event.UpdateEvent) bool {
			return e.ObjectOld.GetGeneration() != e.ObjectNew.GetGeneration()
		}}).
		Complete(r)
}

// ConvergingReconciler writes values that settle, or only when they
// change.
type ConvergingReconciler struct{ client.Client }

func (r *ConvergingReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	old := w.Status.DeepCopy()
	// SetStatusCondition keeps LastTransitionTime while the status holds.
	meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Ok", LastTransitionTime: metav1.Now()})
	w.Status.ObservedGeneration = w.Generation
	// A time computed from now that does not move on every run.
	w.Status.NextRun = metav1.NewTime(nextRun(w.Spec.Schedule, time.Now()))
	if w.Status.Phase != "Ready" {
		w.Status.Phase = "Ready"
		now := metav1.Now()
		w.Status.LastUpdated = &now
	}
	if !equality.Semantic.DeepEqual(old, &w.Status) {
		w.Status.Reconciles++
		return ctrl.Result{}, r.Status().Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

func (s *WidgetStatus) DeepCopy() *WidgetStatus { out := *s; return &out }

func nextRun(schedule string, now time.Time) time.Time { return now.Truncate(time.Hour).Add(time.Hour) }

func (r *ConvergingReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&Widget{}).Complete(r)
}

// PausedReconciler writes only on one of its successful paths: the
// others do not loop.
type PausedReconciler struct{ client.Client }

func (r *PausedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Spec.Paused {
		return ctrl.Result{}, nil
	}
	if w.Status.Phase == "" {
		w.Status.Phase = "Pending"
		w.Status.LastUpdated = &metav1.Time{Time: time.Now()}
		return ctrl.Result{}, r.Status().Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

func (r *PausedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&Widget{}).Complete(r)
}
