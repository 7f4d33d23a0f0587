package loggederrors

import (
	"context"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
)

// A leftover Secret (a type the controller does not watch) is deleted
// only when its Get succeeds; a failed Get is logged, then success.
func (r *Reconciler) leftover(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	log := logf.FromContext(ctx)
	old := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: cm.Namespace, Name: cm.Name + "-old"}, old); err != nil {
		log.Error(err, "looking up the old secret") // want `the error of Get is only logged, then leftover returns success without the Delete its success branch makes of what it reads: that step is skipped, and nothing retries it until the next event; return the error`
	} else if err := r.Delete(ctx, old); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// The same with a List and the finished Jobs it finds.
func (r *Reconciler) finishedJobs(ctx context.Context, ns string) (ctrl.Result, error) {
	log := logf.FromContext(ctx)
	var jobs batchv1.JobList
	if err := r.List(ctx, &jobs, client.InNamespace(ns)); err != nil {
		log.Error(err, "listing jobs") // want `the error of List is only logged, then finishedJobs returns success without the Delete`
	} else {
		for i := range jobs.Items {
			if jobs.Items[i].Status.Succeeded > 0 {
				if err := r.Delete(ctx, &jobs.Items[i]); err != nil {
					return ctrl.Result{}, err
				}
			}
		}
	}
	return ctrl.Result{}, nil
}

// Twin: optional settings fall back on defaults; nothing is done to them.
func (r *Reconciler) optionalSettings(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	log := logf.FromContext(ctx)
	image := "nginx"
	settings := &corev1.ConfigMap{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: cm.Namespace, Name: "settings"}, settings); err != nil {
		log.Info("no settings, using defaults", "error", err)
	} else if v := settings.Data["image"]; v != "" {
		image = v
	}
	cm.Data = map[string]string{"image": image}
	return ctrl.Result{}, r.Update(ctx, cm)
}
