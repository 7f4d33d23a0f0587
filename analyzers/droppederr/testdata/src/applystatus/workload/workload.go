// Package workload holds a status helper of the module that writes with a
// server-side apply patch of the status subresource.
package workload

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// UpdateStatus applies the status of cm; its error is the client's.
func UpdateStatus(ctx context.Context, c client.Client, cm *corev1.ConfigMap, owner string) error {
	cm.ManagedFields = nil
	return c.Status().Patch(ctx, cm, client.Apply, client.FieldOwner(owner), client.ForceOwnership)
}

// ApplyAdmission prepares the patch and applies it through another helper.
func ApplyAdmission(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error {
	patch := cm.DeepCopy()
	patch.ManagedFields = nil
	return applyPatch(ctx, c, patch)
}

func applyPatch(ctx context.Context, c client.Client, patch *corev1.ConfigMap) error {
	return c.Status().Patch(ctx, patch, client.Apply, client.FieldOwner("admission"), client.ForceOwnership)
}
