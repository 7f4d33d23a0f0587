package chain

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
)

const remoteFinalizer = "example.com/remote"

type Reconciler struct {
	client.Client
	Remote client.Client
}

// The remote copy's Delete fails; the step helper only logs it, and goes
// on to record what it removed and write the status, returning a requeue
// with a nil error (ydb-kubernetes-operator's removeUnusedRemoteObjects).
func (r *Reconciler) removeRemote(ctx context.Context, cm *corev1.ConfigMap) (bool, ctrl.Result, error) {
	remote := &corev1.ConfigMap{}
	remote.Namespace, remote.Name = cm.Namespace, cm.Name
	if err := r.Remote.Delete(ctx, remote); client.IgnoreNotFound(err) != nil {
		logf.FromContext(ctx).Error(err, "deleting the remote copy") // want `the error of Delete is only logged, then removeRemote returns without it, and Reconcile, which calls it through deleteExternal, removes finalizer "example.com/remote": a transient error leaks the objects this cleanup should delete; return the error`
	}
	delete(cm.Annotations, "example.com/remote-copy")
	return r.updateStatus(ctx, cm)
}

func (r *Reconciler) updateStatus(ctx context.Context, cm *corev1.ConfigMap) (bool, ctrl.Result, error) {
	if err := r.Status().Update(ctx, cm); err != nil {
		return false, ctrl.Result{}, err
	}
	return false, ctrl.Result{RequeueAfter: time.Second}, nil
}

// The middle helper keeps only the error of the step: its requeue is
// dropped.
func (r *Reconciler) deleteExternal(ctx context.Context, cm *corev1.ConfigMap) error {
	if _, _, err := r.removeRemote(ctx, cm); err != nil {
		return err
	}
	return nil
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cm.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if err := r.deleteExternal(ctx, cm); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(cm, remoteFinalizer)
	return ctrl.Result{}, r.Update(ctx, cm)
}

// The same with a helper that returns nothing, two levels under the
// removal.
func (r *Reconciler) deleteRemoteSecret(ctx context.Context, cm *corev1.ConfigMap) {
	s := &corev1.Secret{}
	s.Namespace, s.Name = cm.Namespace, cm.Name
	if err := r.Remote.Delete(ctx, s); client.IgnoreNotFound(err) != nil {
		logf.FromContext(ctx).Error(err, "deleting the remote secret") // want `the error of Delete is only logged in deleteRemoteSecret, which returns no error, then Finalize, which calls it through cleanupSecrets, removes finalizer "example.com/remote": a transient error leaks the objects this cleanup should delete; return the error from deleteRemoteSecret`
	}
}

func (r *Reconciler) cleanupSecrets(ctx context.Context, cm *corev1.ConfigMap) error {
	r.deleteRemoteSecret(ctx, cm)
	return nil
}

func (r *Reconciler) Finalize(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	if err := r.cleanupSecrets(ctx, cm); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(cm, remoteFinalizer)
	return ctrl.Result{}, r.Update(ctx, cm)
}

// The same with a helper that returns nil after the failure.
func (r *Reconciler) deleteRemoteService(ctx context.Context, cm *corev1.ConfigMap) error {
	svc := &corev1.Service{}
	svc.Namespace, svc.Name = cm.Namespace, cm.Name
	if err := r.Remote.Delete(ctx, svc); client.IgnoreNotFound(err) != nil {
		logf.FromContext(ctx).Error(err, "deleting the remote service") // want `the error of Delete is only logged, then deleteRemoteService returns without it, and FinalizeServices, which calls it through cleanupServices, removes finalizer "example.com/remote": a transient error leaks the objects this cleanup should delete; return the error`
	}
	return nil
}

func (r *Reconciler) cleanupServices(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := r.deleteRemoteService(ctx, cm); err != nil {
		return err
	}
	return nil
}

func (r *Reconciler) FinalizeServices(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	if err := r.cleanupServices(ctx, cm); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(cm, remoteFinalizer)
	return ctrl.Result{}, r.Update(ctx, cm)
}

// Twins, not reported.

// The step helper returns the Delete's error, and the middle helper hands
// it up before the finalizer is removed.
func (r *Reconciler) removeRemoteOK(ctx context.Context, cm *corev1.ConfigMap) (bool, ctrl.Result, error) {
	remote := &corev1.ConfigMap{}
	remote.Namespace, remote.Name = cm.Namespace, cm.Name
	if err := r.Remote.Delete(ctx, remote); client.IgnoreNotFound(err) != nil {
		logf.FromContext(ctx).Error(err, "deleting the remote copy")
		return true, ctrl.Result{}, err
	}
	delete(cm.Annotations, "example.com/remote-copy")
	return r.updateStatus(ctx, cm)
}

func (r *Reconciler) deleteExternalOK(ctx context.Context, cm *corev1.ConfigMap) error {
	if _, _, err := r.removeRemoteOK(ctx, cm); err != nil {
		return err
	}
	return nil
}

func (r *Reconciler) FinalizeOK(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	if err := r.deleteExternalOK(ctx, cm); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(cm, remoteFinalizer)
	return ctrl.Result{}, r.Update(ctx, cm)
}

// The step's requeue is honoured by its caller: the Delete is tried again
// before the finalizer goes.
func (r *Reconciler) removeRemoteRequeued(ctx context.Context, cm *corev1.ConfigMap) (bool, ctrl.Result, error) {
	remote := &corev1.ConfigMap{}
	remote.Namespace, remote.Name = cm.Namespace, cm.Name
	if err := r.Remote.Delete(ctx, remote); client.IgnoreNotFound(err) != nil {
		logf.FromContext(ctx).Error(err, "deleting the remote copy")
	}
	return r.updateStatus(ctx, cm)
}

func (r *Reconciler) FinalizeRequeued(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	stop, res, err := r.removeRemoteRequeued(ctx, cm)
	if err != nil || stop || res.RequeueAfter > 0 {
		return res, err
	}
	controllerutil.RemoveFinalizer(cm, remoteFinalizer)
	return ctrl.Result{}, r.Update(ctx, cm)
}
