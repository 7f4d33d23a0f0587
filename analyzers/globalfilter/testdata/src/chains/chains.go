package chains

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/source"
)

type Reconciler struct {
	client.Client
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

func (r *Reconciler) secretToJobs(ctx context.Context, obj client.Object) []reconcile.Request {
	return nil
}

var notPaused = predicate.NewPredicateFuncs(func(obj client.Object) bool {
	return obj.GetAnnotations()["paused"] != "true"
})

// --- one-expression chain, global GenerationChangedPredicate with Owns ---

func GlobalGeneration(mgr ctrl.Manager, r *Reconciler) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&batchv1.Job{}).
		Owns(&appsv1.Deployment{}).
		WithEventFilter(predicate.GenerationChangedPredicate{}). // want `WithEventFilter\(predicate.GenerationChangedPredicate\{\}\) also filters Owns\(&appsv1.Deployment\{\}\): updates that change only their status or data never reach Reconcile: a child becoming ready does not wake this controller; pass the predicate to For with builder.WithPredicates instead`
		Complete(r)
}

func PerSourceGeneration(mgr ctrl.Manager, r *Reconciler) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&batchv1.Job{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Owns(&appsv1.Deployment{}).
		Complete(r)
}

// --- Watches with a map func, builder.ControllerManagedBy ---

func GlobalLabels(mgr ctrl.Manager, r *Reconciler) error {
	return builder.ControllerManagedBy(mgr).
		For(&batchv1.Job{}).
		Watches(&corev1.Secret{}, handler.EnqueueRequestsFromMapFunc(r.secretToJobs)).
		WithEventFilter(predicate.LabelChangedPredicate{}). // want `WithEventFilter\(predicate.LabelChangedPredicate\{\}\) also filters Watches\(&corev1.Secret\{\}, handler.EnqueueRequestsFromMapFunc\(r.secretToJobs\)\): updates that change only their status or data never reach Reconcile; pass the predicate`
		Complete(r)
}

func PerSourceLabels(mgr ctrl.Manager, r *Reconciler) error {
	return builder.ControllerManagedBy(mgr).
		For(&batchv1.Job{}, builder.WithPredicates(predicate.LabelChangedPredicate{})).
		Watches(&corev1.Secret{}, handler.EnqueueRequestsFromMapFunc(r.secretToJobs)).
		Complete(r)
}

// --- typed builder, typed predicate, several other sources ---

func TypedAnnotations(mgr ctrl.Manager, r *Reconciler) error {
	return builder.TypedControllerManagedBy[reconcile.Request](mgr).
		For(&batchv1.Job{}).
		Owns(&corev1.Pod{}).
		WatchesMetadata(&corev1.ConfigMap{}, handler.EnqueueRequestsFromMapFunc(r.secretToJobs)).
		WithEventFilter(predicate.TypedAnnotationChangedPredicate[client.Object]{}). // want `also filters Owns\(&corev1.Pod\{\}\) and WatchesMetadata\(&corev1.ConfigMap\{\}, handler.EnqueueRequestsFromMapFunc\(r.secretToJobs\)\)`
		Complete(r)
}

func TypedPerSource(mgr ctrl.Manager, r *Reconciler) error {
	return builder.TypedControllerManagedBy[reconcile.Request](mgr).
		For(&batchv1.Job{}).
		Owns(&corev1.Pod{}, builder.WithPredicates(predicate.TypedAnnotationChangedPredicate[client.Object]{})).
		WatchesMetadata(&corev1.ConfigMap{}, handler.EnqueueRequestsFromMapFunc(r.secretToJobs)).
		Complete(r)
}

// --- chain split over statements and an if ---

func SplitGlobal(mgr ctrl.Manager, r *Reconciler, ownPods bool) error {
	b := ctrl.NewControllerManagedBy(mgr).For(&batchv1.Job{})
	if ownPods {
		b = b.Owns(&corev1.Pod{})
	}
	b = b.WithEventFilter(predicate.GenerationChangedPredicate{}) // want `also filters Owns\(&corev1.Pod\{\}\)`
	return b.Complete(r)
}

func SplitPerSource(mgr ctrl.Manager, r *Reconciler, ownPods bool) error {
	b := ctrl.NewControllerManagedBy(mgr).For(&batchv1.Job{}, builder.WithPredicates(predicate.GenerationChangedPredicate{}))
	if ownPods {
		b = b.Owns(&corev1.Pod{})
	}
	return b.Complete(r)
}

// --- And / Or compositions ---

func AndWithGeneration(mgr ctrl.Manager, r *Reconciler) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&batchv1.Job{}).
		Owns(&corev1.Pod{}).
		WithEventFilter(predicate.And(notPaused, predicate.GenerationChangedPredicate{})). // want `WithEventFilter\(predicate.And\(notPaused, predicate.GenerationChangedPredicate\{\}\)\) also filters Owns`
		Complete(r)
}

func AndWithoutDropping(mgr ctrl.Manager, r *Reconciler) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&batchv1.Job{}).
		Owns(&corev1.Pod{}).
		WithEventFilter(predicate.And(notPaused, predicate.ResourceVersionChangedPredicate{})).
		Complete(r)
}

func OrAllDropping(mgr ctrl.Manager, r *Reconciler) error {
	p := predicate.Or(predicate.GenerationChangedPredicate{}, predicate.LabelChangedPredicate{}, predicate.AnnotationChangedPredicate{})
	return ctrl.NewControllerManagedBy(mgr).
		For(&batchv1.Job{}).
		Owns(&corev1.Pod{}).
		WithEventFilter(p). // want `WithEventFilter\(p\) also filters Owns\(&corev1.Pod\{\}\)`
		Complete(r)
}

func OrWithPassing(mgr ctrl.Manager, r *Reconciler) error {
	p := predicate.Or(predicate.GenerationChangedPredicate{}, notPaused)
	return ctrl.NewControllerManagedBy(mgr).
		For(&batchv1.Job{}).
		Owns(&corev1.Pod{}).
		WithEventFilter(p).
		Complete(r)
}

func NotGeneration(mgr ctrl.Manager, r *Reconciler) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&batchv1.Job{}).
		Owns(&corev1.Pod{}).
		WithEventFilter(predicate.Not[client.Object](predicate.GenerationChangedPredicate{})).
		Complete(r)
}

// --- the filter given before For, For already has predicates: merged ---

func MergeIntoFor(mgr ctrl.Manager, r *Reconciler) error {
	return ctrl.NewControllerManagedBy(mgr).
		WithEventFilter(predicate.GenerationChangedPredicate{}). // want `also filters Owns\(&corev1.Pod\{\}\)`
		For(&batchv1.Job{}, builder.WithPredicates(notPaused)).
		Owns(&corev1.Pod{}).
		Complete(r)
}

func MergedIntoFor(mgr ctrl.Manager, r *Reconciler) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&batchv1.Job{}, builder.WithPredicates(notPaused, predicate.GenerationChangedPredicate{})).
		Owns(&corev1.Pod{}).
		Complete(r)
}

// --- unknown and user predicates: a deliberate global filter ---

type skipDeletes struct {
	predicate.GenerationChangedPredicate
}

func (skipDeletes) Delete(event.DeleteEvent) bool { return false }

func UserPredicate(mgr ctrl.Manager, r *Reconciler) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&batchv1.Job{}).
		Owns(&corev1.Pod{}).
		WithEventFilter(skipDeletes{}).
		WithEventFilter(notPaused).
		Complete(r)
}

func UnknownPredicate(mgr ctrl.Manager, r *Reconciler, p predicate.Predicate) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&batchv1.Job{}).
		Owns(&corev1.Pod{}).
		WithEventFilter(p).
		Complete(r)
}

// --- For is the only source the filter applies to: silent ---

func OnlyFor(mgr ctrl.Manager, r *Reconciler) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&batchv1.Job{}).
		WithEventFilter(predicate.GenerationChangedPredicate{}).
		Complete(r)
}

// WatchesRawSource gets no global predicates.
func RawSource(mgr ctrl.Manager, r *Reconciler) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&batchv1.Job{}).
		WatchesRawSource(source.Kind(mgr.GetCache(), &corev1.Pod{}, handler.TypedEnqueueRequestForOwner[*corev1.Pod](mgr.GetScheme(), mgr.GetRESTMapper(), &batchv1.Job{}))).
		WithEventFilter(predicate.GenerationChangedPredicate{}).
		Complete(r)
}

// --- the filter added by a helper ---

func filterGenerations(b *builder.Builder) *builder.Builder {
	return b.WithEventFilter(predicate.GenerationChangedPredicate{}) // want `WithEventFilter\(predicate.GenerationChangedPredicate\{\}\) also filters Owns\(&corev1.Pod\{\}\)`
}

func HelperGlobal(mgr ctrl.Manager, r *Reconciler) error {
	return filterGenerations(ctrl.NewControllerManagedBy(mgr).For(&batchv1.Job{}).Owns(&corev1.Pod{})).Complete(r)
}

func filterJobGenerations(b *builder.Builder) *builder.Builder {
	return b.WithEventFilter(predicate.GenerationChangedPredicate{})
}

func HelperOnlyFor(mgr ctrl.Manager, r *Reconciler) error {
	return filterJobGenerations(ctrl.NewControllerManagedBy(mgr).For(&batchv1.Job{})).Complete(r)
}
