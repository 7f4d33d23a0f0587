// Package helperuse sets up controllers through the helpers of package
// builderhelpers. Its reconcilers read the kinds they watch, as real ones
// do: under go vet a package sees only the types its imports name, and a
// helper's kind the package never names stays unknown (JobReconciler).
package helperuse

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/builderhelpers"
)

type CMReconciler struct{ client.Client }

func (r *CMReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want `controller: for=\[v1.ConfigMap\] owns=\[v1.Deployment\] watches=\[\] complete=true`
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var deps appsv1.DeploymentList
	return ctrl.Result{}, r.List(ctx, &deps, client.InNamespace(req.Namespace))
}

func (r *CMReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return builderhelpers.WithDeployments(builderhelpers.ForConfigMaps(mgr)).Complete(r)
}

type SecretReconciler struct{ client.Client }

func (r *SecretReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want `controller: for=\[v1.Secret\] owns=\[v1.Pod\] watches=\[\] complete=true`
	var secret corev1.Secret
	if err := r.Get(ctx, req.NamespacedName, &secret); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var pods corev1.PodList
	return ctrl.Result{}, r.List(ctx, &pods, client.InNamespace(req.Namespace))
}

func (r *SecretReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return builderhelpers.SetupSecrets(mgr, r)
}

// JobReconciler's package never names batch/v1: its source is unknown
// here, and the model says its sources are not all known.
type JobReconciler struct{ client.Client }

func (r *JobReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want `controller: for=\[\] owns=\[\] watches=\[\] complete=false`
	return ctrl.Result{}, nil
}

func (r *JobReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return builderhelpers.SetupJobs(mgr, r)
}
