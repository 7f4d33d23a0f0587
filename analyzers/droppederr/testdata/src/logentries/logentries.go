package logentries

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
)

type Reconciler struct{ client.Client }

// The error goes into a logger that nothing writes with: no log line, and
// success.
func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	log := logf.FromContext(ctx)
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm.Labels = map[string]string{"managed": "yes"}
	if err := r.Update(ctx, &cm); err != nil {
		log.WithValues("error", err).WithName("labels") // want `the error of Update is only put into a log entry that is never written, then Reconcile returns success: the failed write is not retried until the next event; return the error`
	}
	return ctrl.Result{}, nil
}

// Twins, not reported.

// The logger with the error is handed on and written with later: the
// branch sets a value the rest uses.
type HandedOn struct{ client.Client }

func (r *HandedOn) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	log := logf.FromContext(ctx)
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.Update(ctx, &cm); err != nil {
		log = log.WithValues("updateError", err)
	}
	log.Info("reconciled")
	return ctrl.Result{}, nil
}

// A logger built without the error and never written: nothing says the
// branch meant to log the error.
type NoError struct{ client.Client }

func (r *NoError) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	log := logf.FromContext(ctx)
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.Update(ctx, &cm); err != nil {
		log.WithName("labels")
	}
	return ctrl.Result{}, nil
}
