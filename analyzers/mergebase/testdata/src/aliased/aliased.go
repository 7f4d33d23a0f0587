// Package aliased makes merge patches from the patched object itself.
package aliased

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct {
	client.Client
}

// The patch is made before the change, from the object: fixed in place.
func (r *Reconciler) early(ctx context.Context, key types.NamespacedName) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	patch := client.MergeFrom(dep) // want `client.MergeFrom is given dep itself, not a copy: the patch is the difference between the object and itself, so it carries no change: Patch changes nothing on the server, and no error says so; make it from dep.DeepCopy\(\) taken before the first change`
	dep.Spec.Paused = true
	return r.Patch(ctx, dep, patch)
}

// Inline, after the change: too late for a copy there, so no fix.
func (r *Reconciler) inline(ctx context.Context, key types.NamespacedName) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	dep.Spec.Paused = true
	return r.Patch(ctx, dep, client.MergeFrom(dep)) // want `client.MergeFrom is given dep itself`
}

// The status, through a variable of the struct type.
func (r *Reconciler) status(ctx context.Context, key types.NamespacedName) error {
	var dep appsv1.Deployment
	if err := r.Get(ctx, key, &dep); err != nil {
		return err
	}
	patch := client.MergeFromWithOptions(&dep, client.MergeFromWithOptimisticLock{}) // want `client.MergeFromWithOptions is given dep itself`
	dep.Status.ObservedGeneration = dep.Generation
	return r.Status().Patch(ctx, &dep, patch)
}

// Through a variable holding the same pointer.
func (r *Reconciler) renamed(ctx context.Context, key types.NamespacedName) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	base := dep
	dep.Labels = map[string]string{"tier": "web"}
	return r.Patch(ctx, dep, client.MergeFrom(base)) // want `client.MergeFrom is given base itself`
}

// Twins, not reported.

// A copy taken before the change.
func (r *Reconciler) copied(ctx context.Context, key types.NamespacedName) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	patch := client.MergeFrom(dep.DeepCopy())
	dep.Spec.Paused = true
	return r.Patch(ctx, dep, patch)
}

// The base is another object: the patch is the difference between what
// is on the server and what is wanted.
func (r *Reconciler) desired(ctx context.Context, key types.NamespacedName) error {
	existing := &appsv1.Deployment{}
	if err := r.Get(ctx, key, existing); err != nil {
		return err
	}
	want := existing.DeepCopy()
	want.Spec.Paused = true
	return r.Patch(ctx, want, client.MergeFrom(existing))
}

// Another variable read with the same key: the same object on the server,
// but another copy in memory, so the patch is their difference.
func (r *Reconciler) refetched(ctx context.Context, key types.NamespacedName) error {
	old := &appsv1.Deployment{}
	if err := r.Get(ctx, key, old); err != nil {
		return err
	}
	cur := &appsv1.Deployment{}
	if err := r.Get(ctx, key, cur); err != nil {
		return err
	}
	cur.Spec.Paused = true
	return r.Patch(ctx, cur, client.MergeFrom(old))
}

// In a closure of a package-level initializer, where Ginkgo specs are.
var _ = describe("marks the node ready", func(ctx context.Context, c client.Client, dep *appsv1.Deployment) {
	patch := client.MergeFrom(dep) // want `client.MergeFrom is given dep itself`
	dep.Status.ReadyReplicas = 1
	_ = c.Status().Patch(ctx, dep, patch)
})

func describe(_ string, _ func(context.Context, client.Client, *appsv1.Deployment)) bool { return true }
