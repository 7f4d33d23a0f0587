package jobs

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Twins: each names a policy, or deletes a kind whose dependents the API
// deletes in the background by default.
func (r *Reconciler) deleteInBackground(ctx context.Context, job *batchv1.Job) error {
	return r.Delete(ctx, job, client.PropagationPolicy(metav1.DeletePropagationBackground))
}

func (r *Reconciler) deleteInForeground(ctx context.Context, job *batchv1.Job) error {
	return r.Delete(ctx, job, client.GracePeriodSeconds(0), client.PropagationPolicy(metav1.DeletePropagationForeground))
}

// Orphaning named: deliberate.
func (r *Reconciler) keepPods(ctx context.Context, job *batchv1.Job) error {
	return r.Delete(ctx, job, client.PropagationPolicy(metav1.DeletePropagationOrphan))
}

func (r *Reconciler) pruneInBackground(ctx context.Context, ns string) error {
	return r.DeleteAllOf(ctx, &batchv1.Job{}, client.InNamespace(ns), client.PropagationPolicy(metav1.DeletePropagationBackground))
}

// The options struct may carry the policy: not followed, silent.
func (r *Reconciler) deleteWithOptions(ctx context.Context, job *batchv1.Job) error {
	policy := metav1.DeletePropagationBackground
	return r.Delete(ctx, job, &client.DeleteOptions{PropagationPolicy: &policy})
}

// Options handed on by the caller: unknown here.
func (r *Reconciler) deleteWith(ctx context.Context, job *batchv1.Job, opts ...client.DeleteOption) error {
	return r.Delete(ctx, job, opts...)
}

// A policy chosen at run time.
func (r *Reconciler) deletePolicy(ctx context.Context, job *batchv1.Job, policy metav1.DeletionPropagation) error {
	return r.Delete(ctx, job, client.PropagationPolicy(policy))
}

// Other kinds: their dependents go in the background by default.
func (r *Reconciler) deleteOthers(ctx context.Context, cj *batchv1.CronJob, dep *appsv1.Deployment, pod *corev1.Pod) error {
	if err := r.Delete(ctx, cj); err != nil {
		return err
	}
	if err := r.Delete(ctx, dep); err != nil {
		return err
	}
	return r.Delete(ctx, pod)
}

// removeFirst deletes its first object and only reads the second.
func (r *Reconciler) removeFirst(ctx context.Context, a, b client.Object) error {
	if b.GetName() == "" {
		return nil
	}
	return r.Delete(ctx, a)
}

// A bound method value: its call's arguments lack the receiver, so they
// are not matched with the helper's parameters; the ConfigMap is what is
// deleted here, not the Job.
func (r *Reconciler) viaMethodValue(ctx context.Context, cm *corev1.ConfigMap, job *batchv1.Job) error {
	del := r.removeFirst
	return del(ctx, cm, job)
}
