package earlyreturn

import (
	"context"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

func newVolume(owner *appsv1.StatefulSet) *corev1.PersistentVolumeClaim {
	return &corev1.PersistentVolumeClaim{ObjectMeta: metav1.ObjectMeta{Namespace: owner.Namespace, Name: owner.Name + "-data"}}
}

func newJob(owner *appsv1.StatefulSet) *batchv1.Job {
	return &batchv1.Job{ObjectMeta: metav1.ObjectMeta{Namespace: owner.Namespace, Name: owner.Name + "-init"}}
}

func volumeKey(owner *appsv1.StatefulSet) types.NamespacedName {
	return types.NamespacedName{Namespace: owner.Namespace, Name: owner.Name + "-data"}
}

// ---------------------------------------------------------------------
// Embedded client: "if the volume is missing, create it and return" skips
// the Job, and no event of a PersistentVolumeClaim comes back.

type EmbeddedReconciler struct {
	client.Client
}

func (r *EmbeddedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&appsv1.StatefulSet{}).
		Owns(&batchv1.Job{}).
		Complete(r)
}

func (r *EmbeddedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	sts := &appsv1.StatefulSet{}
	if err := r.Get(ctx, req.NamespacedName, sts); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	pvc := &corev1.PersistentVolumeClaim{}
	err := r.Get(ctx, volumeKey(sts), pvc)
	if apierrors.IsNotFound(err) {
		pvc = newVolume(sts)
		if err := r.Create(ctx, pvc); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, nil // want `Reconcile returns without requeue right after creating a v1.PersistentVolumeClaim, a type this controller does not watch: no event will wake it up, so the remaining steps \(creating a v1.Job\) wait for an unrelated event or the periodic resync; requeue with RequeueAfter`
	}
	if err != nil {
		return ctrl.Result{}, err
	}
	job := &batchv1.Job{}
	err = r.Get(ctx, client.ObjectKey{Namespace: sts.Namespace, Name: sts.Name + "-init"}, job)
	if apierrors.IsNotFound(err) {
		if err := r.Create(ctx, newJob(sts)); err != nil {
			return ctrl.Result{}, err
		}
		// Twin: the Job is owned, its events bring us back.
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, err
}

// ---------------------------------------------------------------------
// Client in a field, reconcile.Result spelled out, Update of a Secret in
// an if/else; the fix keeps reconcile.Result.

type FieldReconciler struct {
	Kube client.Client
}

func (r *FieldReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&appsv1.StatefulSet{}).
		Owns(&batchv1.Job{}).
		Complete(r)
}

func (r *FieldReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	sts := &appsv1.StatefulSet{}
	if err := r.Kube.Get(ctx, req.NamespacedName, sts); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	secret := &corev1.Secret{}
	if err := r.Kube.Get(ctx, client.ObjectKey{Namespace: sts.Namespace, Name: "creds"}, secret); err != nil {
		return reconcile.Result{}, err
	}
	if secret.Labels["app"] != sts.Name {
		if secret.Labels == nil {
			secret.Labels = map[string]string{}
		}
		secret.Labels["app"] = sts.Name
		if err := r.Kube.Update(ctx, secret); err != nil {
			return reconcile.Result{}, err
		}
		return reconcile.Result{}, nil // want `Reconcile returns without requeue right after updating a v1.Secret, a type this controller does not watch: no event will wake it up, so the remaining steps \(creating a v1.Job\) wait`
	} else {
		if err := r.Kube.Create(ctx, newJob(sts)); err != nil {
			return reconcile.Result{}, err
		}
	}
	return reconcile.Result{}, nil
}

// ---------------------------------------------------------------------
// Patch of a Service, then a test of its state on the path to the
// return: the Job waits for the Service to get its cluster IP, which no
// event will announce.

type PatchReconciler struct {
	client.Client
}

func (r *PatchReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&appsv1.StatefulSet{}).
		Owns(&batchv1.Job{}).
		Complete(r)
}

func (r *PatchReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	sts := &appsv1.StatefulSet{}
	if err := r.Get(ctx, req.NamespacedName, sts); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	svc := &corev1.Service{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: sts.Namespace, Name: sts.Name}, svc); err != nil {
		return ctrl.Result{}, err
	}
	patch := client.MergeFrom(svc.DeepCopy())
	svc.Spec.Selector = sts.Spec.Selector.MatchLabels
	if err := r.Patch(ctx, svc, patch); client.IgnoreNotFound(err) != nil {
		return ctrl.Result{}, err
	}
	if svc.Spec.ClusterIP == "" {
		return ctrl.Result{}, nil // want `Reconcile returns without requeue right after patching a v1.Service, a type this controller does not watch`
	}
	if err := r.Create(ctx, newJob(sts)); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// ---------------------------------------------------------------------
// Delete in a loop over listed Pods, then a switch that acts one step at
// a time.

type LoopReconciler struct {
	client.Client
}

func (r *LoopReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&appsv1.StatefulSet{}).
		Owns(&batchv1.Job{}).
		Complete(r)
}

func (r *LoopReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	sts := &appsv1.StatefulSet{}
	if err := r.Get(ctx, req.NamespacedName, sts); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var pods corev1.PodList
	if err := r.List(ctx, &pods, client.InNamespace(sts.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	for i := range pods.Items {
		if pods.Items[i].Status.Phase == corev1.PodFailed {
			if err := r.Delete(ctx, &pods.Items[i]); err != nil {
				return ctrl.Result{}, err
			}
			return ctrl.Result{}, nil // want `Reconcile returns without requeue right after deleting a v1.Pod`
		}
	}

	pvc := &corev1.PersistentVolumeClaim{}
	pvcErr := r.Get(ctx, volumeKey(sts), pvc)
	job := &batchv1.Job{}
	jobErr := r.Get(ctx, client.ObjectKeyFromObject(newJob(sts)), job)
	switch {
	case apierrors.IsNotFound(pvcErr):
		if err := r.Create(ctx, newVolume(sts)); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, nil // want `Reconcile returns without requeue right after creating a v1.PersistentVolumeClaim`
	case apierrors.IsNotFound(jobErr):
		if err := r.Create(ctx, newJob(sts)); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, nil // twin: Owns(&batchv1.Job{})
	}
	return ctrl.Result{}, nil
}

// ---------------------------------------------------------------------
// A helper method returning (ctrl.Result, error) whose result Reconcile
// returns: reported inside the helper, for the helper's own remaining
// work and for the caller's.

type HelperReconciler struct {
	client.Client
}

func (r *HelperReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&appsv1.StatefulSet{}).
		Owns(&batchv1.Job{}).
		Complete(r)
}

func (r *HelperReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	sts := &appsv1.StatefulSet{}
	if err := r.Get(ctx, req.NamespacedName, sts); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if sts.Spec.ServiceName != "" {
		return r.ensureStorage(ctx, sts)
	}
	secret := &corev1.Secret{}
	err := r.Get(ctx, client.ObjectKey{Namespace: sts.Namespace, Name: sts.Name}, secret)
	if apierrors.IsNotFound(err) {
		return r.createSecret(ctx, sts)
	}
	if err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, newJob(sts)); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

func (r *HelperReconciler) ensureStorage(ctx context.Context, sts *appsv1.StatefulSet) (ctrl.Result, error) {
	pvc := &corev1.PersistentVolumeClaim{}
	if err := r.Get(ctx, volumeKey(sts), pvc); err != nil {
		if !apierrors.IsNotFound(err) {
			return ctrl.Result{}, err
		}
		if err := r.Create(ctx, newVolume(sts)); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, nil // want `Reconcile returns without requeue \(through ensureStorage\) right after creating a v1.PersistentVolumeClaim.*\(creating a v1.Job\)`
	}
	if err := r.Create(ctx, newJob(sts)); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// createSecret has no remaining work of its own; its caller has.
func (r *HelperReconciler) createSecret(ctx context.Context, sts *appsv1.StatefulSet) (ctrl.Result, error) {
	secret := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: sts.Namespace, Name: sts.Name}}
	if err := r.Create(ctx, secret); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil // want `Reconcile returns without requeue \(through createSecret\) right after creating a v1.Secret`
}

// ---------------------------------------------------------------------
// The skipped work is a status update of the primary object.

type StatusReconciler struct {
	client.Client
}

func (r *StatusReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&appsv1.StatefulSet{}).
		Complete(r)
}

func (r *StatusReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	sts := &appsv1.StatefulSet{}
	if err := r.Get(ctx, req.NamespacedName, sts); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: sts.Namespace, Name: sts.Name}, cm); err != nil {
		if apierrors.IsNotFound(err) {
			cm.Namespace, cm.Name = sts.Namespace, sts.Name
			if err := r.Create(ctx, cm); err != nil {
				return ctrl.Result{}, err
			}
			return (ctrl.Result{}), nil // want `right after creating a v1.ConfigMap.*\(updating the status of a v1.StatefulSet\)`
		}
		return ctrl.Result{}, err
	}
	sts.Status.ObservedGeneration = sts.Generation
	return ctrl.Result{}, r.Status().Update(ctx, sts)
}

// =====================================================================
// Twins that must stay silent.

// Owns and Watches types, a RequeueAfter, a create-or-update, a failed
// write, a condition that does not depend on the written type, another
// client call before the return, and a final return with nothing left.
type QuietReconciler struct {
	client.Client
	Paused bool
}

func (r *QuietReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&appsv1.StatefulSet{}).
		Owns(&batchv1.Job{}).
		Watches(&corev1.Secret{}, handler.EnqueueRequestForOwner(mgr.GetScheme(), mgr.GetRESTMapper(), &appsv1.StatefulSet{})).
		Complete(r)
}

func (r *QuietReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	sts := &appsv1.StatefulSet{}
	if err := r.Get(ctx, req.NamespacedName, sts); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}

	// Watches(&corev1.Secret{}, ...): its events come back.
	secret := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: sts.Namespace, Name: sts.Name}, secret); apierrors.IsNotFound(err) {
		secret.Namespace, secret.Name = sts.Namespace, sts.Name
		if err := r.Create(ctx, secret); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, nil
	}

	// Owns(&batchv1.Job{}).
	job := &batchv1.Job{}
	if err := r.Get(ctx, client.ObjectKeyFromObject(newJob(sts)), job); apierrors.IsNotFound(err) {
		if err := r.Create(ctx, newJob(sts)); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, nil
	}

	// Asks for a requeue.
	pvc := &corev1.PersistentVolumeClaim{}
	if err := r.Get(ctx, volumeKey(sts), pvc); apierrors.IsNotFound(err) {
		if err := r.Create(ctx, newVolume(sts)); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{RequeueAfter: 10 * time.Second}, nil
	}

	// The write failed: the error path is not a wake-up problem.
	sa := &corev1.ServiceAccount{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: sts.Namespace, Name: sts.Name}, sa); apierrors.IsNotFound(err) {
		sa.Namespace, sa.Name = sts.Namespace, sts.Name
		if err := r.Create(ctx, sa); err != nil {
			return ctrl.Result{}, nil
		}
	}

	// Paused does not change when the ConfigMap goes: the next reconcile
	// takes the same branch.
	if r.Paused {
		if err := r.Delete(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: sts.Namespace, Name: sts.Name}}); err != nil {
			return ctrl.Result{}, client.IgnoreNotFound(err)
		}
		return ctrl.Result{}, nil
	}

	// Another client call between the write and the return: the status
	// update of the primary brings an event.
	svc := &corev1.Service{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: sts.Namespace, Name: sts.Name}, svc); apierrors.IsNotFound(err) {
		svc.Namespace, svc.Name = sts.Namespace, sts.Name
		if err := r.Create(ctx, svc); err != nil {
			return ctrl.Result{}, err
		}
		sts.Status.ObservedGeneration = sts.Generation
		if err := r.Status().Update(ctx, sts); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, nil
	}

	// A status write of an unwatched object is no main-resource write.
	ns := &corev1.Namespace{}
	if err := r.Get(ctx, client.ObjectKey{Name: sts.Namespace}, ns); err == nil && ns.Status.Phase == "" {
		ns.Status.Phase = corev1.NamespaceActive
		if err := r.Status().Update(ctx, ns); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, nil
	}

	if err := r.Update(ctx, sts); err != nil {
		return ctrl.Result{}, err
	}

	// Final return: nothing is left to do after it.
	ep := &corev1.Endpoints{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: sts.Namespace, Name: sts.Name}, ep); apierrors.IsNotFound(err) {
		ep.Namespace, ep.Name = sts.Namespace, sts.Name
		if err := r.Create(ctx, ep); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, nil
}

// Create or update: the other branch writes the same type, and nothing
// else is left.
type CreateOrUpdateReconciler struct {
	client.Client
}

func (r *CreateOrUpdateReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&appsv1.StatefulSet{}).
		Complete(r)
}

func (r *CreateOrUpdateReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	sts := &appsv1.StatefulSet{}
	if err := r.Get(ctx, req.NamespacedName, sts); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: sts.Namespace, Name: sts.Name}, cm); err != nil {
		if !apierrors.IsNotFound(err) {
			return ctrl.Result{}, err
		}
		cm.Namespace, cm.Name = sts.Namespace, sts.Name
		if err := r.Create(ctx, cm); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, nil
	}
	cm.Data = map[string]string{"replicas": "1"}
	if err := r.Update(ctx, cm); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// A helper whose Result Reconcile only returns when it asks for a requeue:
// its zero Result lets Reconcile carry on.
type CheckedHelperReconciler struct {
	client.Client
}

func (r *CheckedHelperReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&appsv1.StatefulSet{}).
		Owns(&batchv1.Job{}).
		Complete(r)
}

func (r *CheckedHelperReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	sts := &appsv1.StatefulSet{}
	if err := r.Get(ctx, req.NamespacedName, sts); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if res, err := r.ensureStorage(ctx, sts); err != nil || !res.IsZero() {
		return res, err
	}
	if err := r.Create(ctx, newJob(sts)); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

func (r *CheckedHelperReconciler) ensureStorage(ctx context.Context, sts *appsv1.StatefulSet) (ctrl.Result, error) {
	pvc := &corev1.PersistentVolumeClaim{}
	if err := r.Get(ctx, volumeKey(sts), pvc); apierrors.IsNotFound(err) {
		if err := r.Create(ctx, newVolume(sts)); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, nil
}

// A deferred status update runs at every return and brings an event.
type DeferReconciler struct {
	client.Client
}

func (r *DeferReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&appsv1.StatefulSet{}).
		Owns(&batchv1.Job{}).
		Complete(r)
}

func (r *DeferReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	sts := &appsv1.StatefulSet{}
	if err := r.Get(ctx, req.NamespacedName, sts); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	defer func() {
		_ = r.Status().Update(ctx, sts)
	}()
	pvc := &corev1.PersistentVolumeClaim{}
	if err := r.Get(ctx, volumeKey(sts), pvc); apierrors.IsNotFound(err) {
		if err := r.Create(ctx, newVolume(sts)); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, nil
	}
	if err := r.Create(ctx, newJob(sts)); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

func desired(sts *appsv1.StatefulSet) client.Object { return newVolume(sts) }

// The written object is a client.Object: its kind is not known.
type DynamicReconciler struct {
	client.Client
}

func (r *DynamicReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&appsv1.StatefulSet{}).
		Owns(&batchv1.Job{}).
		Complete(r)
}

func (r *DynamicReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	sts := &appsv1.StatefulSet{}
	if err := r.Get(ctx, req.NamespacedName, sts); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	obj := desired(sts)
	if err := r.Get(ctx, client.ObjectKeyFromObject(obj), obj); apierrors.IsNotFound(err) {
		if err := r.Create(ctx, obj); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, nil
	}
	if err := r.Create(ctx, newJob(sts)); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// The status update between the write and the return runs inside a
// closure handed to retry.RetryOnConflict: it is a client call too.
type RetryReconciler struct {
	client.Client
}

func (r *RetryReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&appsv1.StatefulSet{}).
		Owns(&batchv1.Job{}).
		Complete(r)
}

func (r *RetryReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	sts := &appsv1.StatefulSet{}
	if err := r.Get(ctx, req.NamespacedName, sts); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	pvc := &corev1.PersistentVolumeClaim{}
	if err := r.Get(ctx, volumeKey(sts), pvc); apierrors.IsNotFound(err) {
		if err := r.Create(ctx, newVolume(sts)); err != nil {
			return ctrl.Result{}, err
		}
		err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
			sts.Status.ObservedGeneration = sts.Generation
			return r.Status().Update(ctx, sts)
		})
		if err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, nil
	}
	if err := r.Create(ctx, newJob(sts)); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}
