// Package nomodel sets up no controller: what the reconciler watches is
// unknown, so nothing is reported.
package nomodel

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct {
	client.Client
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	sts := &appsv1.StatefulSet{}
	if err := r.Get(ctx, req.NamespacedName, sts); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	pvc := &corev1.PersistentVolumeClaim{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: sts.Namespace, Name: sts.Name}, pvc); apierrors.IsNotFound(err) {
		pvc = &corev1.PersistentVolumeClaim{ObjectMeta: metav1.ObjectMeta{Namespace: sts.Namespace, Name: sts.Name}}
		if err := r.Create(ctx, pvc); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, nil
	}
	if err := r.Create(ctx, &batchv1.Job{ObjectMeta: metav1.ObjectMeta{Namespace: sts.Namespace, Name: sts.Name}}); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}
