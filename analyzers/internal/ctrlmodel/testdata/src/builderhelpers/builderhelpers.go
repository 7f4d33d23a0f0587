// Package builderhelpers holds builder helpers used by controllers of another package.
package builderhelpers

import (
	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// WithDeployments adds a source to a builder it is given.
func WithDeployments(b *builder.Builder) *builder.Builder { // want WithDeployments:`builderFunc\(Owns\(\*k8s.io/api/apps/v1.Deployment\); builder=0 returns=true reconciler=-1\)`
	return b.Owns(&appsv1.Deployment{})
}

// ForConfigMaps creates a builder for ConfigMaps and returns it.
func ForConfigMaps(mgr ctrl.Manager) *builder.Builder { // want ForConfigMaps:`builderFunc\(For\(\*k8s.io/api/core/v1.ConfigMap\); builder=-1 returns=true reconciler=-1\)`
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{})
}

// SetupSecrets sets up a whole controller for the reconciler it is given.
func SetupSecrets(mgr ctrl.Manager, r reconcile.Reconciler) error { // want SetupSecrets:`builderFunc\(For\(\*k8s.io/api/core/v1.Secret\) Owns\(\*k8s.io/api/core/v1.Pod\); builder=-1 returns=false reconciler=1\)`
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.Secret{}).Owns(&corev1.Pod{}).Complete(r)
}

// SetupJobs sets up a controller of Jobs, a kind its callers' packages
// need not name.
func SetupJobs(mgr ctrl.Manager, r reconcile.Reconciler) error { // want SetupJobs:`builderFunc\(For\(\*k8s.io/api/batch/v1.Job\); builder=-1 returns=false reconciler=1\)`
	return ctrl.NewControllerManagedBy(mgr).For(&batchv1.Job{}).Complete(r)
}

// Unrelated has no builder.
func Unrelated() int { return 1 }
