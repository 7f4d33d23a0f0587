package chains

import (
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
)

// The fix imports the builder package where it is missing.
func NoBuilderImport(mgr ctrl.Manager, r *Reconciler) error {
	return ctrl.NewControllerManagedBy(mgr).For(&batchv1.Job{}).Owns(&corev1.Pod{}).WithEventFilter(predicate.GenerationChangedPredicate{}).Complete(r) // want `also filters Owns\(&corev1.Pod\{\}\)`
}

func NoBuilderImportOnlyFor(mgr ctrl.Manager, r *Reconciler) error {
	return ctrl.NewControllerManagedBy(mgr).For(&batchv1.Job{}).WithEventFilter(predicate.GenerationChangedPredicate{}).Complete(r)
}
