package controller // want package:`registrations\(promauto.NewCounter at bad.go:24, prometheus.MustRegister at bad.go:31, prometheus.DefaultRegisterer.MustRegister at bad.go:32, controller.registerOn\(prometheus.DefaultRegisterer\) at bad.go:33\)`

// Package controller holds a reconciler whose metrics are registered on
// Prometheus' default registry (bad.go) and on controller-runtime's
// metrics.Registry (good.go).

import (
	"context"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promauto"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// BadReconciler counts its reconciles on metrics no one serves.
type BadReconciler struct {
	client.Client
}

// reconcileTotal is made and registered on the default registry when the
// package is initialised: promauto.NewCounter is
// promauto.With(prometheus.DefaultRegisterer).NewCounter.
var reconcileTotal = promauto.NewCounter(prometheus.CounterOpts{Name: "bad_reconcile_total"})

var queueDepth = prometheus.NewGauge(prometheus.GaugeOpts{Name: "bad_queue_depth"})

var failures = prometheus.NewCounter(prometheus.CounterOpts{Name: "bad_failures_total"})

func init() {
	prometheus.MustRegister(queueDepth)
	prometheus.DefaultRegisterer.MustRegister(failures)
	registerOn(prometheus.DefaultRegisterer)
}

var retries = prometheus.NewCounter(prometheus.CounterOpts{Name: "bad_retries_total"})

// registerOn registers on the registry it is given: given the default
// registry, on that one (kro's MustRegister(prometheus.DefaultRegisterer)).
func registerOn(reg prometheus.Registerer) {
	reg.MustRegister(retries)
}

func (r *BadReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	reconcileTotal.Inc()
	queueDepth.Set(1)
	failures.Inc()
	return ctrl.Result{}, nil
}
