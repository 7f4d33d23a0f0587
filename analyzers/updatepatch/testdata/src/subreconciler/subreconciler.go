// Package subreconciler holds the steps a reconciler of another package
// calls; it has no builder chain of its own.
package subreconciler

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// ScaleStatefulSet changes a StatefulSet, whose status the statefulset
// controller writes: reported by default.
func ScaleStatefulSet(ctx context.Context, c client.Client, key types.NamespacedName, n int32) error {
	sts := &appsv1.StatefulSet{}
	if err := c.Get(ctx, key, sts); err != nil {
		return err
	}
	sts.Spec.Replicas = &n
	return c.Update(ctx, sts) // want `Update writes the whole v1.StatefulSet, whose status the statefulset controller also writes`
}

// SetConfig changes a ConfigMap: no Kubernetes controller writes it, so
// only -updatepatch.all reports it here.
func SetConfig(ctx context.Context, c client.Client, key types.NamespacedName) error {
	cm := &corev1.ConfigMap{}
	if err := c.Get(ctx, key, cm); err != nil {
		return err
	}
	cm.Data = map[string]string{"mode": "on"}
	return c.Update(ctx, cm)
}
