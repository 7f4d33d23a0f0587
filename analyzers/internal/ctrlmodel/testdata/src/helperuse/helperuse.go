// Package helperuse sets up controllers through the helpers of package builderhelpers.
package helperuse

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/builderhelpers"
)

type CMReconciler struct{ client.Client }

func (r *CMReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want `controller: for=\[v1.ConfigMap\] owns=\[v1.Deployment\] watches=\[\] complete=true`
	return ctrl.Result{}, nil
}

func (r *CMReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return builderhelpers.WithDeployments(builderhelpers.ForConfigMaps(mgr)).Complete(r)
}

type SecretReconciler struct{ client.Client }

func (r *SecretReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want `controller: for=\[v1.Secret\] owns=\[v1.Pod\] watches=\[\] complete=true`
	return ctrl.Result{}, nil
}

func (r *SecretReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return builderhelpers.SetupSecrets(mgr, r)
}
