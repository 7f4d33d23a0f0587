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
func SetConfig(ctx context.Context, c client.Client, key types.NamespacedName) error { // want SetConfig:`updates\(\*k8s.io/api/core/v1.ConfigMap@subreconciler.go:33\)`
	cm := &corev1.ConfigMap{}
	if err := c.Get(ctx, key, cm); err != nil {
		return err
	}
	cm.Data = map[string]string{"mode": "on"}
	return c.Update(ctx, cm)
}

// Inside a function literal given to a retry helper of the module, with
// a fresh Get each time: the helper decides what a conflict costs.
func ScaleDown(ctx context.Context, c client.Client, key types.NamespacedName) error {
	return withBackoff(ctx, func(ctx context.Context) error {
		dep := &appsv1.Deployment{}
		if err := c.Get(ctx, key, dep); err != nil {
			return err
		}
		zero := int32(0)
		dep.Spec.Replicas = &zero
		return c.Update(ctx, dep)
	})
}

func withBackoff(ctx context.Context, f func(context.Context) error) error {
	var err error
	for i := 0; i < 5; i++ {
		if err = f(ctx); err == nil {
			return nil
		}
	}
	return err
}
