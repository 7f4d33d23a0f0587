package workload // want package:`^added\("workload.apps.example.com" by fixtures/admission\)$`

// The controller that removes the finalizer package admission adds: it
// only tests and removes the name, but the name is not an old one, since
// the webhook still adds it. Its fact passes admission's on to the
// packages that import it.

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"fixtures/admission"
)

type Reconciler struct {
	client.Client
}

func (r *Reconciler) finalize(ctx context.Context, dep *appsv1.Deployment) error {
	if !controllerutil.ContainsFinalizer(dep, admission.WorkloadFinalizer) { // want `finalizer name "workload.apps.example.com" \(added by package fixtures/admission\) is not domain-qualified`
		return nil
	}
	controllerutil.RemoveFinalizer(dep, admission.WorkloadFinalizer)
	// Twin: the old name, which no package of the module adds any more.
	controllerutil.RemoveFinalizer(dep, admission.RetiredFinalizer)
	return r.Update(ctx, dep)
}
