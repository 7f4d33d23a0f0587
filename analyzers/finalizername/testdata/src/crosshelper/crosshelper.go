package crosshelper // want package:`^added\("cleanup" by fixtures/crosshelper; "old" by fixtures/crosshelper; "other" by fixtures/crosshelper\)$`

// Calls of the finalizer helpers of package finalizers. The fact: the names
// it adds, for the packages that import it.

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/finalizers"
)

type Reconciler struct {
	client.Client
}

// A helper of this package handing its parameter on to one of package
// finalizers.
func (r *Reconciler) ensure(ctx context.Context, obj client.Object, name string) error {
	return finalizers.Ensure(ctx, r.Client, obj, name)
}

func (r *Reconciler) Reconcile(ctx context.Context, dep *appsv1.Deployment) error {
	if err := finalizers.Ensure(ctx, r.Client, dep, "cleanup"); err != nil { // want `finalizer name "cleanup" \(the finalizer name finalizers.Ensure takes as name\) is not domain-qualified: the API server warns .* rename it to "<your domain>/cleanup"`
		return err
	}
	if err := (finalizers.Remover{Client: r.Client}).Remove(ctx, dep, "old"); err != nil { // want `finalizer name "old" \(the finalizer name finalizers.Remover.Remove takes as name\) is not domain-qualified`
		return err
	}
	if err := r.ensure(ctx, dep, "other"); err != nil { // want `finalizer name "other" \(the finalizer name Reconciler.ensure takes as name\) is not domain-qualified`
		return err
	}
	// Twins: a qualified name; a label key.
	if err := finalizers.Ensure(ctx, r.Client, dep, "example.com/cleanup"); err != nil {
		return err
	}
	return finalizers.SetLabel(ctx, r.Client, dep, "cleanup")
}
