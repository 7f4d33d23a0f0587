// Package finalizers is a helper package of the module: its callers in
// other packages see its finalizer-name parameters through facts.
package finalizers

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// Ensure adds the finalizer it is given and writes the object.
func Ensure(ctx context.Context, c client.Client, obj client.Object, name string) error {
	if controllerutil.AddFinalizer(obj, name) {
		return c.Update(ctx, obj)
	}
	return nil
}

// Remover removes finalizers through Ensure's sibling.
type Remover struct {
	Client client.Client
}

func (r Remover) Remove(ctx context.Context, obj client.Object, name string) error {
	if remove(obj, name) {
		return r.Client.Update(ctx, obj)
	}
	return nil
}

func remove(obj client.Object, name string) bool {
	return controllerutil.RemoveFinalizer(obj, name)
}

// SetLabel is the twin: its string parameter is a label key.
func SetLabel(ctx context.Context, c client.Client, obj client.Object, key string) error {
	obj.SetLabels(map[string]string{key: "true"})
	return c.Update(ctx, obj)
}
