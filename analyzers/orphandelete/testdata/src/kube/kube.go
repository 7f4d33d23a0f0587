// Package kube holds the module's client helpers, used by other packages.
package kube

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// DeleteObject deletes obj, whatever its kind, and ignores NotFound.
func DeleteObject(ctx context.Context, c client.Client, obj client.Object) error {
	return client.IgnoreNotFound(c.Delete(ctx, obj))
}

// DeleteObjectWith hands the caller's options on.
func DeleteObjectWith(ctx context.Context, c client.Client, obj client.Object, opts ...client.DeleteOption) error {
	return client.IgnoreNotFound(c.Delete(ctx, obj, opts...))
}
