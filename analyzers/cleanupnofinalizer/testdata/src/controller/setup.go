package controller

import (
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"fixtures/api"
)

// Setup registers every reconciler of the package (each watches Buckets:
// what they watch is not the point here).
func Setup(mgr ctrl.Manager) error {
	c := mgr.GetClient()
	regs := []struct {
		name string
		r    reconcile.Reconciler
	}{
		{"bucket", &BucketReconciler{c}}, {"step", &StepReconciler{c}}, {"remote", &RemoteReconciler{c}},
		{"forgot", &ForgotReconciler{c}}, {"ignored", &IgnoredReconciler{c}}, {"guarded", &GuardedReconciler{c}},
		{"logged", &LoggedReconciler{c}}, {"held", &HeldReconciler{c}}, {"born", &BornReconciler{c}},
		{"helped", &HelpedReconciler{c}}, {"defaulted", &DefaultedReconciler{c}}, {"kept", &KeptReconciler{c}},
		{"service", &ServiceReconciler{c}},
	}
	for _, reg := range regs {
		if err := ctrl.NewControllerManagedBy(mgr).For(&api.Bucket{}).Named(reg.name).Complete(reg.r); err != nil {
			return err
		}
	}
	return nil
}
