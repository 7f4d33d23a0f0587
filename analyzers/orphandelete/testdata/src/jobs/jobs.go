package jobs

import (
	"context"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/kube"
)

type Reconciler struct {
	client.Client
}

// Bad: the Job of the last run is deleted before the next one is made;
// its Pods are orphaned.
func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	job := &batchv1.Job{}
	if err := r.Get(ctx, req.NamespacedName, job); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.Delete(ctx, job); err != nil { // want `Delete of v1.Job names no propagation policy: the API's default for this kind orphans its Pods`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// Bad: every finished Job of the owner, by label, with a grace period.
func (r *Reconciler) prune(ctx context.Context, ns string) error {
	return r.DeleteAllOf(ctx, &batchv1.Job{}, client.InNamespace(ns), client.MatchingLabels{"app": "backup"}, client.GracePeriodSeconds(0)) // want `DeleteAllOf of v1.Job names no propagation policy`
}

// Bad: one by one, from a list; the call spans lines.
func (r *Reconciler) pruneEach(ctx context.Context, ns string) error {
	var jobs batchv1.JobList
	if err := r.List(ctx, &jobs, client.InNamespace(ns)); err != nil {
		return err
	}
	for i := range jobs.Items {
		if jobs.Items[i].Status.CompletionTime == nil {
			continue
		}
		if err := r.Delete( // want `Delete of v1.Job names no propagation policy`
			ctx,
			&jobs.Items[i],
		); err != nil {
			return err
		}
	}
	return nil
}

// Bad: a ReplicationController's Pods are orphaned the same way.
func (r *Reconciler) dropLegacy(ctx context.Context, rc *corev1.ReplicationController) error {
	return r.Delete(ctx, rc) // want `Delete of v1.ReplicationController names no propagation policy`
}

// Bad: through a helper of this package, and through one of another
// package (its fact).
func (r *Reconciler) remove(ctx context.Context, obj client.Object) error {
	return client.IgnoreNotFound(r.Delete(ctx, obj))
}

func (r *Reconciler) cleanup(ctx context.Context, job *batchv1.Job, cm *corev1.ConfigMap) error {
	if err := r.remove(ctx, job); err != nil { // want `remove deletes this v1.Job without a propagation policy`
		return err
	}
	if err := kube.DeleteObject(ctx, r.Client, job); err != nil { // want `DeleteObject deletes this v1.Job without a propagation policy`
		return err
	}
	// Twins: the same helpers given a ConfigMap, which has no
	// dependents to orphan, and the helper that takes the caller's
	// options, given the policy.
	if err := r.remove(ctx, cm); err != nil {
		return err
	}
	if err := kube.DeleteObject(ctx, r.Client, cm); err != nil {
		return err
	}
	return kube.DeleteObjectWith(ctx, r.Client, job, client.PropagationPolicy("Background"))
}
