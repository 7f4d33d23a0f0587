// Package latecopy takes the base of a merge patch after some of the
// changes the patch should carry.
package latecopy

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type Reconciler struct {
	client.Client
}

// The spec change comes before the copy: left out of the patch.
func (r *Reconciler) spec(ctx context.Context, key types.NamespacedName) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	dep.Spec.Paused = true
	patch := client.MergeFrom(dep.DeepCopy()) // want `the merge patch's base dep.DeepCopy\(\) is copied after dep was changed \(.Spec\): those changes are in the base as well, so the patch leaves them out and the server never gets them; take the copy before the first change`
	dep.Labels = map[string]string{"tier": "web"}
	return r.Patch(ctx, dep, patch)
}

// A finalizer added before the copy of a status patch's base does not
// matter; a status change does.
func (r *Reconciler) status(ctx context.Context, key types.NamespacedName) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	controllerutil.AddFinalizer(dep, "example.com/cleanup")
	dep.Status.ObservedGeneration = dep.Generation
	base := dep.DeepCopy() // want `the merge patch's base dep.DeepCopy\(\) is copied after dep was changed \(.Status\)`
	dep.Status.Replicas = 1
	return r.Status().Patch(ctx, dep, client.MergeFrom(base))
}

func (r *Reconciler) getDeployment(ctx context.Context, key types.NamespacedName) (*appsv1.Deployment, error) {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return nil, err
	}
	return dep, nil
}

// Fetched by a helper of the package.
func (r *Reconciler) viaHelper(ctx context.Context, key types.NamespacedName) error {
	dep, err := r.getDeployment(ctx, key)
	if err != nil {
		return err
	}
	dep.Annotations = map[string]string{"a": "b"}
	patch := client.MergeFrom(dep.DeepCopy()) // want `copied after dep was changed \(.Annotations\)`
	dep.Spec.Paused = true
	return r.Patch(ctx, dep, patch)
}

// Twins, not reported.

// The copy right after the read.
func (r *Reconciler) early(ctx context.Context, key types.NamespacedName) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	patch := client.MergeFrom(dep.DeepCopy())
	dep.Spec.Paused = true
	return r.Patch(ctx, dep, patch)
}

// The status changed before the copy of a main-resource patch's base: the
// main resource ignores the status anyway.
func (r *Reconciler) statusBeforeSpecPatch(ctx context.Context, key types.NamespacedName) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	dep.Status.ObservedGeneration = dep.Generation
	patch := client.MergeFrom(dep.DeepCopy())
	dep.Spec.Paused = true
	return r.Patch(ctx, dep, patch)
}

// The earlier change was written by an Update, which reads the object
// back.
func (r *Reconciler) written(ctx context.Context, key types.NamespacedName) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	if controllerutil.AddFinalizer(dep, "example.com/cleanup") {
		if err := r.Update(ctx, dep); err != nil {
			return err
		}
	}
	patch := client.MergeFrom(dep.DeepCopy())
	dep.Spec.Paused = true
	return r.Patch(ctx, dep, patch)
}

// Built here, not read: the changes before the copy make the object.
func (r *Reconciler) built(ctx context.Context, key types.NamespacedName) error {
	dep := &appsv1.Deployment{}
	dep.Namespace, dep.Name = key.Namespace, key.Name
	patch := client.MergeFrom(dep.DeepCopy())
	dep.Spec.Paused = true
	return r.Patch(ctx, dep, patch)
}

// Only an empty map for nil before the copy: the JSON is the same.
func (r *Reconciler) emptyMap(ctx context.Context, key types.NamespacedName) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	if dep.Annotations == nil {
		dep.SetAnnotations(make(map[string]string))
	}
	if dep.Labels == nil {
		dep.Labels = map[string]string{}
	}
	orig := dep.DeepCopy()
	dep.Annotations["example.com/hibernate"] = "on"
	return r.Patch(ctx, dep, client.MergeFrom(orig))
}

// markReady changes the status and writes it: the caller's object is the
// server's answer.
func (r *Reconciler) markReady(ctx context.Context, dep *appsv1.Deployment) error {
	dep.Status.ObservedGeneration = dep.Generation
	return r.Status().Update(ctx, dep)
}

// A helper changed the status before the copy, and wrote it.
func (r *Reconciler) writtenByHelper(ctx context.Context, key types.NamespacedName) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	if err := r.markReady(ctx, dep); err != nil {
		return err
	}
	orig := dep.DeepCopy()
	dep.Status.Replicas = 1
	return r.Status().Patch(ctx, dep, client.MergeFrom(orig))
}
