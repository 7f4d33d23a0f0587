package controller

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/util/workqueue"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// +kubebuilder:rbac:groups=core,resources=pods,verbs=get;list;watch;update;patch;delete

// PodReconciler marks pods in parallel, in a function literal that
// workqueue.ParallelizeUntil runs (jobset's pod controller): its status
// update needs pods/status, which no marker grants.
type PodReconciler struct {
	client.Client
}

func (r *PodReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.Pod{}).Complete(r)
}

func (r *PodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var pods corev1.PodList
	if err := r.List(ctx, &pods, client.InNamespace(req.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.mark(ctx, pods.Items)
}

func (r *PodReconciler) mark(ctx context.Context, pods []corev1.Pod) error {
	workqueue.ParallelizeUntil(ctx, 4, len(pods), func(i int) {
		pod := pods[i]
		pod.Status.Conditions = append(pod.Status.Conditions, corev1.PodCondition{Type: corev1.DisruptionTarget, Status: corev1.ConditionTrue})
		_ = r.Status().Update(ctx, &pod)
	})
	return nil
}
