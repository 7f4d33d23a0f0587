package earlyreturn

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Twin: the write of the For object between the write and the return runs
// in a closure handed to a library as its own func type (wait.ConditionFunc
// here; retry-go's retry.Do(retry.RetryableFunc) in worker-operator): a
// client call too, whose event wakes the controller.
type PollReconciler struct {
	client.Client
}

func (r *PollReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&appsv1.StatefulSet{}).
		Owns(&batchv1.Job{}).
		Complete(r)
}

func (r *PollReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	sts := &appsv1.StatefulSet{}
	if err := r.Get(ctx, req.NamespacedName, sts); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	pvc := &corev1.PersistentVolumeClaim{}
	if err := r.Get(ctx, volumeKey(sts), pvc); apierrors.IsNotFound(err) {
		if err := r.Create(ctx, newVolume(sts)); err != nil {
			return ctrl.Result{}, err
		}
		err := wait.ExponentialBackoff(retry.DefaultRetry, func() (bool, error) {
			sts.Annotations = map[string]string{"example.com/volume": "created"}
			return true, r.Update(ctx, sts)
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
