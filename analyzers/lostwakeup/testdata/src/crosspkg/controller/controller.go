// Package controller writes children only through the helpers of another
// package.
package controller

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/crosspkg/volumes"
)

type VolumeReconciler struct {
	client.Client
}

func (r *VolumeReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&appsv1.StatefulSet{}).
		Owns(&batchv1.Job{}).
		Complete(r)
}

func (r *VolumeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	sts := &appsv1.StatefulSet{}
	if err := r.Get(ctx, req.NamespacedName, sts); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	pvc := &corev1.PersistentVolumeClaim{}
	err := r.Get(ctx, client.ObjectKey{Namespace: sts.Namespace, Name: sts.Name + "-data"}, pvc)
	if apierrors.IsNotFound(err) {
		if err := volumes.Ensure(ctx, r.Client, sts); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, nil // want `Reconcile returns without requeue right after calling Ensure, which writes a v1.PersistentVolumeClaim, a type this controller does not watch`
	}
	if err != nil {
		return ctrl.Result{}, err
	}
	job := &batchv1.Job{}
	err = r.Get(ctx, client.ObjectKey{Namespace: sts.Namespace, Name: sts.Name + "-init"}, job)
	if apierrors.IsNotFound(err) {
		if err := volumes.StartJob(ctx, r.Client, sts); err != nil {
			return ctrl.Result{}, err
		}
		// Twin: the Job is owned, its events bring us back.
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, err
}
