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

// defaultClient is the package's client; a test sets it to a fake one,
// but the package's own code runs with whatever its callers set.
var defaultClient client.Client

func markWithDefault(ctx context.Context, g *Gadget) error {
	g.Status.Phase = "Ready"
	return defaultClient.Update(ctx, g) // want `only .Status of g was changed`
}

// save is called only by the tests, with a fake client; it is the
// package's code all the same.
func save(ctx context.Context, c client.Client, g *Gadget) error {
	g.Status.Phase = "Ready"
	return c.Update(ctx, g) // want `only .Status of g was changed`
}
