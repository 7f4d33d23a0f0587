// Package convertlib holds helpers of the module in another package: a
// conversion to unstructured, and a server-side apply of what it is given.
package convertlib

import (
	"context"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// ToUnstructured converts a typed object.
func ToUnstructured(obj runtime.Object) (*unstructured.Unstructured, error) { // want ToUnstructured:`conversions\(converted 0 from 0\)`
	m, err := runtime.DefaultUnstructuredConverter.ToUnstructured(obj)
	if err != nil {
		return nil, err
	}
	return &unstructured.Unstructured{Object: m}, nil
}

// Apply applies obj server-side.
func Apply(ctx context.Context, c client.Client, obj *unstructured.Unstructured) error { // want Apply:`conversions\(applied 2\)`
	return c.Patch(ctx, obj, client.Apply, client.ForceOwnership, client.FieldOwner("widgets"))
}
