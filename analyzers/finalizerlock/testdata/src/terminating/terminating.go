// Package terminating: merge patches of the finalizers of an object known
// to be terminating, where the API server refuses new finalizers, and
// their twins on live objects.
package terminating

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"fixtures/api"
	"fixtures/state"
)

const finalizer = "example.com/cleanup"

type Reconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// Inside the deletion branch.
func (r *Reconciler) InsideBranch(ctx context.Context, key types.NamespacedName) error {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, key, cm); err != nil {
		return err
	}
	if !cm.DeletionTimestamp.IsZero() {
		patch := client.MergeFrom(cm.DeepCopy())
		controllerutil.RemoveFinalizer(cm, finalizer)
		return r.Patch(ctx, cm, patch)
	}
	return nil
}

// Inside a branch on GetDeletionTimestamp.
func (r *Reconciler) GetterBranch(ctx context.Context, key types.NamespacedName) error {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, key, cm); err != nil {
		return err
	}
	if cm.GetDeletionTimestamp() != nil {
		base := cm.DeepCopy()
		if controllerutil.RemoveFinalizer(cm, finalizer) {
			return r.Patch(ctx, cm, client.MergeFrom(base))
		}
	}
	return nil
}

// After a return on the live side.
func (r *Reconciler) AfterReturn(ctx context.Context, key types.NamespacedName) error {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, key, cm); err != nil {
		return err
	}
	if cm.DeletionTimestamp.IsZero() || !controllerutil.ContainsFinalizer(cm, finalizer) {
		return nil
	}
	patch := client.MergeFrom(cm.DeepCopy())
	controllerutil.RemoveFinalizer(cm, finalizer)
	return r.Patch(ctx, cm, patch)
}

// Through a helper of the module that tests the deletion.
func (r *Reconciler) ThroughHelper(ctx context.Context, key types.NamespacedName) error {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, key, cm); err != nil {
		return err
	}
	if state.Deleting(cm) {
		patch := client.MergeFrom(cm.DeepCopy())
		controllerutil.RemoveFinalizer(cm, finalizer)
		return r.Patch(ctx, cm, patch)
	}
	return nil
}

// In a helper called only from deletion branches.
func (r *Reconciler) finalize(ctx context.Context, cm *corev1.ConfigMap) error {
	patch := client.MergeFrom(cm.DeepCopy())
	controllerutil.RemoveFinalizer(cm, finalizer)
	return r.Patch(ctx, cm, patch)
}

func (r *Reconciler) Finalizing(ctx context.Context, key types.NamespacedName) error {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, key, cm); err != nil {
		return err
	}
	if cm.DeletionTimestamp != nil {
		return r.finalize(ctx, cm)
	}
	return nil
}

// In a closure made inside the deletion branch, on a re-read object.
func (r *Reconciler) InRetry(ctx context.Context, key types.NamespacedName) error {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, key, cm); err != nil {
		return err
	}
	if cm.DeletionTimestamp.IsZero() {
		return nil
	}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := r.Get(ctx, key, cm); err != nil {
			return err
		}
		patch := client.MergeFrom(cm.DeepCopy())
		controllerutil.RemoveFinalizer(cm, finalizer)
		return r.Patch(ctx, cm, patch)
	})
}

// A patch helper given the change as a function value (lock.go's
// wrapped), called only while its object is terminating; lock.go's
// RemoveFinalizer is the twin on a live object.
type wrapped struct {
	client.Client
	cm *corev1.ConfigMap
}

func (w *wrapped) patch(ctx context.Context, cm *corev1.ConfigMap, patchFn func(*corev1.ConfigMap)) error {
	patch := client.MergeFrom(cm.DeepCopy())
	patchFn(cm)
	return w.Patch(ctx, cm, patch)
}

func (w *wrapped) Finalize(ctx context.Context) error {
	if w.cm.DeletionTimestamp.IsZero() {
		return nil
	}
	return w.patch(ctx, w.cm, func(*corev1.ConfigMap) {
		controllerutil.RemoveFinalizer(w.cm, finalizer)
	})
}

// Twins.

// The same merge patch on a live object.
func (r *Reconciler) Live(ctx context.Context, key types.NamespacedName) error {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, key, cm); err != nil {
		return err
	}
	if cm.DeletionTimestamp.IsZero() {
		patch := client.MergeFrom(cm.DeepCopy()) // want `whole finalizer list`
		controllerutil.RemoveFinalizer(cm, finalizer)
		return r.Patch(ctx, cm, patch)
	}
	return nil
}

// A removal where only one branch tested the deletion.
func (r *Reconciler) OneBranch(ctx context.Context, key types.NamespacedName, force bool) error {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, key, cm); err != nil {
		return err
	}
	if !force {
		if cm.DeletionTimestamp.IsZero() {
			return nil
		}
	}
	patch := client.MergeFrom(cm.DeepCopy()) // want `whole finalizer list`
	controllerutil.RemoveFinalizer(cm, finalizer)
	return r.Patch(ctx, cm, patch)
}

// Either condition enters the branch.
func (r *Reconciler) Either(ctx context.Context, key types.NamespacedName, force bool) error {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, key, cm); err != nil {
		return err
	}
	if force || cm.GetDeletionTimestamp() != nil {
		patch := client.MergeFrom(cm.DeepCopy()) // want `whole finalizer list`
		controllerutil.RemoveFinalizer(cm, finalizer)
		return r.Patch(ctx, cm, patch)
	}
	return nil
}

// Another controller's object: the owner is terminating, the child is
// not.
func (r *Reconciler) OtherObject(ctx context.Context, owner *appsv1.Deployment, key types.NamespacedName) error {
	if owner.DeletionTimestamp.IsZero() {
		return nil
	}
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, key, cm); err != nil {
		return err
	}
	patch := client.MergeFrom(cm.DeepCopy()) // want `whole finalizer list`
	controllerutil.RemoveFinalizer(cm, finalizer)
	return r.Patch(ctx, cm, patch)
}

// Owner references can still be set on a terminating object.
func (r *Reconciler) OwnerToo(ctx context.Context, owner *appsv1.Deployment, key types.NamespacedName) error {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, key, cm); err != nil {
		return err
	}
	if cm.DeletionTimestamp.IsZero() {
		return nil
	}
	patch := client.MergeFrom(cm.DeepCopy()) // want `whole owner reference list \(.OwnerReferences\)`
	controllerutil.RemoveFinalizer(cm, finalizer)
	if err := controllerutil.SetControllerReference(owner, cm, r.Scheme); err != nil {
		return err
	}
	return r.Patch(ctx, cm, patch)
}

// A helper called from the deletion branch and on a live object.
func (r *Reconciler) release(ctx context.Context, cm *corev1.ConfigMap) error {
	patch := client.MergeFrom(cm.DeepCopy()) // want `whole finalizer list`
	controllerutil.RemoveFinalizer(cm, finalizer)
	return r.Patch(ctx, cm, patch)
}

func (r *Reconciler) Releasing(ctx context.Context, key types.NamespacedName, orphan bool) error {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, key, cm); err != nil {
		return err
	}
	if cm.DeletionTimestamp != nil {
		return r.release(ctx, cm)
	}
	if orphan {
		return r.release(ctx, cm)
	}
	return nil
}

// A closure made before the deletion test.
func (r *Reconciler) RetryBefore(ctx context.Context, key types.NamespacedName) error {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, key, cm); err != nil {
		return err
	}
	remove := func() error {
		patch := client.MergeFrom(cm.DeepCopy()) // want `whole finalizer list`
		controllerutil.RemoveFinalizer(cm, finalizer)
		return r.Patch(ctx, cm, patch)
	}
	if cm.DeletionTimestamp.IsZero() {
		return remove()
	}
	return nil
}

// A helper called only in the deletion branch that re-reads its object in
// a retry closure before it removes the finalizer (cluster-api's topology
// MachineSet reconcileDelete): the object stays terminating.
func (r *Deleter) Reconcile(ctx context.Context, req ctrl.Request) (_ ctrl.Result, reterr error) {
	db := &api.Database{}
	if err := r.Client.Get(ctx, req.NamespacedName, db); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if added, err := ensureFinalizer(ctx, r.Client, db); err != nil || added {
		return ctrl.Result{}, err
	}
	if !db.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, r.reconcileDelete(ctx, db)
	}
	return ctrl.Result{}, nil
}

// Deleter keeps its client in a named field.
type Deleter struct {
	Client client.Client
}

func ensureFinalizer(ctx context.Context, c client.Client, db *api.Database) (bool, error) {
	if !db.DeletionTimestamp.IsZero() || controllerutil.ContainsFinalizer(db, finalizer) {
		return false, nil
	}
	patch := client.MergeFromWithOptions(db.DeepCopy(), client.MergeFromWithOptimisticLock{})
	controllerutil.AddFinalizer(db, finalizer)
	return true, c.Patch(ctx, db, patch)
}

func (r *Deleter) reconcileDelete(ctx context.Context, db *api.Database) error {
	key := client.ObjectKeyFromObject(db)
	return retry.OnError(retry.DefaultBackoff, apierrors.IsInvalid, func() error {
		if err := r.Client.Get(ctx, key, db); err != nil {
			return client.IgnoreNotFound(err)
		}
		orig := db.DeepCopy()
		controllerutil.RemoveFinalizer(db, finalizer)
		return client.IgnoreNotFound(r.Client.Patch(ctx, db, client.MergeFrom(orig)))
	})
}
