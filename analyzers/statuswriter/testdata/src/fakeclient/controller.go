package fakeclient

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// GadgetReconciler is driven by a fake client in the tests, but runs
// against the API server, where Gadget has the status subresource.
type GadgetReconciler struct {
	client.Client
}

func (r *GadgetReconciler) markReady(ctx context.Context, g *Gadget) error {
	g.Status.Phase = "Ready"
	return r.Update(ctx, g) // want `only .Status of g was changed`
}

func (r *GadgetReconciler) markReadyStatus(ctx context.Context, g *Gadget) error {
	g.Status.Phase = "Ready"
	return r.Status().Update(ctx, g)
}
