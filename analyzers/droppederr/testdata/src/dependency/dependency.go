package dependency

import (
	"context"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/tools/record"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
)

const (
	storageAnnotation  = "example.com/primary-resource-storage"
	databaseAnnotation = "example.com/primary-resource-database"
)

type Reconciler struct {
	client.Client
	Recorder record.EventRecorder
}

// The shape of ydb-kubernetes-operator's removeUnusedRemoteObjects
// (internal/controllers/remotestoragenodeset/remote_objects.go): a failed
// Patch that removes the storage annotation is only recorded, then a
// Delete follows, guarded by the database annotation, which the Patch
// does not write. The Delete runs the same whether the Patch succeeded or
// not: not reported.
func (r *Reconciler) removeUnused(ctx context.Context, owner *corev1.ConfigMap, names []string) (bool, ctrl.Result, error) {
	for _, name := range names {
		obj := &corev1.Secret{}
		if err := r.Get(ctx, types.NamespacedName{Namespace: owner.Namespace, Name: name}, obj); err != nil {
			if apierrors.IsNotFound(err) {
				continue
			}
			return false, ctrl.Result{RequeueAfter: time.Minute}, err
		}
		patch := []byte(fmt.Sprintf(`{"metadata": {"annotations": {"%s": null}}}`, storageAnnotation))
		if err := r.Patch(ctx, obj, client.RawPatch(types.StrategicMergePatchType, patch)); err != nil {
			r.Recorder.Event(owner, corev1.EventTypeWarning, "ControllerError", fmt.Sprintf("unbinding %s: %s", name, err))
		}
		if _, used := obj.GetAnnotations()[databaseAnnotation]; !used {
			if err := r.Delete(ctx, obj); client.IgnoreNotFound(err) != nil {
				r.Recorder.Event(owner, corev1.EventTypeWarning, "ControllerError", fmt.Sprintf("deleting %s: %s", name, err))
			}
		}
	}
	return true, ctrl.Result{}, nil
}

// Twin: the Delete's guard reads the annotation the failed Patch was to
// remove (ydb-kubernetes-operator's remotedatabasenodeset does so). A raw
// patch changes nothing in memory: after the failure the guard sees the
// annotation still there, and the Delete is decided on the object as it
// was.
func (r *Reconciler) removeUnbound(ctx context.Context, owner *corev1.ConfigMap, names []string) (bool, ctrl.Result, error) {
	for _, name := range names {
		obj := &corev1.Secret{}
		if err := r.Get(ctx, types.NamespacedName{Namespace: owner.Namespace, Name: name}, obj); err != nil {
			if apierrors.IsNotFound(err) {
				continue
			}
			return false, ctrl.Result{RequeueAfter: time.Minute}, err
		}
		patch := []byte(fmt.Sprintf(`{"metadata": {"annotations": {"%s": null}}}`, storageAnnotation))
		if err := r.Patch(ctx, obj, client.RawPatch(types.StrategicMergePatchType, patch)); err != nil {
			r.Recorder.Event(owner, corev1.EventTypeWarning, "ControllerError", fmt.Sprintf("unbinding %s: %s", name, err)) // want `the error of Patch is only logged, then Delete depends on it \(it reads annotation "example.com/primary-resource-storage", which Patch writes, at line 73\): after a transient error it is decided on the object as it was before Patch, and nothing retries Patch before the next reconcile; return the error`
		}
		if _, bound := obj.GetAnnotations()[storageAnnotation]; !bound {
			if err := r.Delete(ctx, obj); client.IgnoreNotFound(err) != nil {
				r.Recorder.Event(owner, corev1.EventTypeWarning, "ControllerError", fmt.Sprintf("deleting %s: %s", name, err))
			}
		}
	}
	return true, ctrl.Result{}, nil
}

// A merge patch of one annotation, and a Delete guarded by another: not
// reported.
func (r *Reconciler) releaseMerge(ctx context.Context, obj *corev1.Secret) (bool, ctrl.Result, error) {
	if err := r.Get(ctx, client.ObjectKeyFromObject(obj), obj); err != nil {
		return false, ctrl.Result{}, err
	}
	base := obj.DeepCopy()
	obj.Annotations[storageAnnotation] = "released"
	if err := r.Patch(ctx, obj, client.MergeFrom(base)); err != nil {
		logf.FromContext(ctx).Error(err, "releasing")
	}
	if obj.Annotations[databaseAnnotation] == "" {
		if err := r.Delete(ctx, obj); err != nil {
			return false, ctrl.Result{}, err
		}
	}
	return true, ctrl.Result{}, nil
}

// Twin: the Delete's guard reads the annotation the merge patch sets; the
// object in memory carries it, so after the failure the Delete runs as if
// the patch had succeeded.
func (r *Reconciler) releaseMergeRead(ctx context.Context, obj *corev1.Secret) (bool, ctrl.Result, error) {
	if err := r.Get(ctx, client.ObjectKeyFromObject(obj), obj); err != nil {
		return false, ctrl.Result{}, err
	}
	base := obj.DeepCopy()
	obj.Annotations[storageAnnotation] = "released"
	if err := r.Patch(ctx, obj, client.MergeFrom(base)); err != nil {
		logf.FromContext(ctx).Error(err, "releasing") // want `the error of Patch is only logged, then Delete runs as if Patch had succeeded \(it reads annotation "example.com/primary-resource-storage", which Patch writes, at line 113\): a transient error makes it act on state that was never written; return the error`
	}
	if obj.Annotations[storageAnnotation] == "released" {
		if err := r.Delete(ctx, obj); err != nil {
			return false, ctrl.Result{}, err
		}
	}
	return true, ctrl.Result{}, nil
}

// An Update of an object the caller gives: what it sends is not known
// here, so a Delete guarded by any of its annotations may depend on it.
func (r *Reconciler) releaseGiven(ctx context.Context, obj *corev1.Secret) (bool, ctrl.Result, error) {
	if err := r.Update(ctx, obj); err != nil {
		logf.FromContext(ctx).Error(err, "releasing") // want `the error of Update is only logged, then Delete runs as if Update had succeeded \(it reads annotation "example.com/primary-resource-database" of the object Update writes, at line 127\): a transient error makes it act on state the server may not hold; return the error`
	}
	if obj.Annotations[databaseAnnotation] == "" {
		if err := r.Delete(ctx, obj); err != nil {
			return false, ctrl.Result{}, err
		}
	}
	return true, ctrl.Result{}, nil
}

// A failed Update of one object, then an unguarded Delete of another that
// reads nothing of it: not reported.
func (r *Reconciler) rotate(ctx context.Context, current *corev1.ConfigMap, old *corev1.Secret) (bool, ctrl.Result, error) {
	current.Data = map[string]string{"rotated": "yes"}
	if err := r.Update(ctx, current); err != nil {
		logf.FromContext(ctx).Error(err, "recording the rotation")
	}
	if err := r.Delete(ctx, old); err != nil {
		return false, ctrl.Result{}, err
	}
	return true, ctrl.Result{}, nil
}

// Twin: the object deleted is named from the status the failed status
// write was to record.
func (r *Reconciler) rotateNamed(ctx context.Context, current *corev1.Pod) (bool, ctrl.Result, error) {
	current.Status.Message = "rotated"
	if err := r.Status().Update(ctx, current); err != nil {
		logf.FromContext(ctx).Error(err, "recording the rotation") // want `the error of Status\(\).Update is only logged, then Delete runs as if Status\(\).Update had succeeded \(it reads .Status, which Status\(\).Update writes, at line 157\)`
	}
	old := &corev1.Secret{}
	old.Namespace = current.Namespace
	old.Name = current.Status.Message + "-old"
	if err := r.Delete(ctx, old); err != nil {
		return false, ctrl.Result{}, err
	}
	return true, ctrl.Result{}, nil
}

// A failed Create, then a Delete of the object it was to make.
func (r *Reconciler) probe(ctx context.Context, obj *corev1.ConfigMap) (bool, ctrl.Result, error) {
	if err := r.Create(ctx, obj); err != nil {
		logf.FromContext(ctx).Error(err, "probing") // want `the error of Create is only logged, then Delete runs as if Create had succeeded \(it deletes the object Create makes\)`
	}
	if err := r.Delete(ctx, obj); err != nil {
		return false, ctrl.Result{}, err
	}
	return true, ctrl.Result{}, nil
}

// A helper of the module that patches and says whether it did: the Delete
// its result guards depends on it.
func (r *Reconciler) sync(ctx context.Context, local, desired *corev1.Secret, stale *corev1.ConfigMap) (bool, ctrl.Result, error) {
	patched, err := r.patchObject(ctx, local, desired)
	if err != nil {
		logf.FromContext(ctx).Error(err, "patching") // want `the error of patchObject is only logged, then Delete depends on it \(it uses the result of patchObject\): after a transient error it is decided on what patchObject returns with its error, and nothing retries patchObject before the next reconcile; return the error`
	}
	if patched {
		if err := r.Delete(ctx, stale); err != nil {
			return false, ctrl.Result{}, err
		}
	}
	return true, ctrl.Result{}, nil
}

// Twin: the same helper, and a Delete of another object that nothing of
// the helper decides: not reported.
func (r *Reconciler) syncAndPrune(ctx context.Context, local, desired *corev1.Secret, stale *corev1.ConfigMap) (bool, ctrl.Result, error) {
	if _, err := r.patchObject(ctx, local, desired); err != nil {
		logf.FromContext(ctx).Error(err, "patching")
	}
	if err := r.Delete(ctx, stale); err != nil {
		return false, ctrl.Result{}, err
	}
	return true, ctrl.Result{}, nil
}

func (r *Reconciler) patchObject(ctx context.Context, local, desired *corev1.Secret) (bool, error) {
	if equalData(local, desired) {
		return false, nil
	}
	if err := r.Patch(ctx, desired, client.MergeFrom(local)); err != nil {
		return false, err
	}
	return true, nil
}

func equalData(a, b *corev1.Secret) bool { return len(a.Data) == len(b.Data) }

// The shape of agent-sandbox's cleanupLegacyNetworkPolicy
// (extensions/controllers/sandboxclaim_controller.go): a helper given
// the claim only reads its name to delete another object; its error is
// logged, then the claim's own deletion state decides a Delete of the
// claim. The helper does not write the claim: not reported.
func (r *Reconciler) expire(ctx context.Context, claim *corev1.ConfigMap) (bool, ctrl.Result, error) {
	if err := r.cleanupPolicy(ctx, claim); err != nil {
		logf.FromContext(ctx).Error(err, "non-fatal: cleaning up the legacy policy")
	}
	if !claim.DeletionTimestamp.IsZero() {
		return true, ctrl.Result{}, nil
	}
	if err := r.Delete(ctx, claim); err != nil {
		return false, ctrl.Result{}, err
	}
	return true, ctrl.Result{}, nil
}

func (r *Reconciler) cleanupPolicy(ctx context.Context, claim *corev1.ConfigMap) error {
	policy := &corev1.Secret{}
	if err := r.Get(ctx, types.NamespacedName{Namespace: claim.Namespace, Name: claim.Name + "-policy"}, policy); err != nil {
		return client.IgnoreNotFound(err)
	}
	return r.Delete(ctx, policy)
}

// Twin: a helper that writes the claim it is given (a finalizer removed
// and updated); the Delete decided on the claim after its failure is
// reported.
func (r *Reconciler) expireWritten(ctx context.Context, claim *corev1.ConfigMap) (bool, ctrl.Result, error) {
	if err := r.release(ctx, claim); err != nil {
		logf.FromContext(ctx).Error(err, "releasing") // want `the error of release is only logged, then Delete`
	}
	if !claim.DeletionTimestamp.IsZero() {
		return true, ctrl.Result{}, nil
	}
	if err := r.Delete(ctx, claim); err != nil {
		return false, ctrl.Result{}, err
	}
	return true, ctrl.Result{}, nil
}

func (r *Reconciler) release(ctx context.Context, claim *corev1.ConfigMap) error {
	claim.Finalizers = nil
	return r.Update(ctx, claim)
}
