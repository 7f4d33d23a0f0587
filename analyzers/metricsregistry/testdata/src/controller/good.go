package controller

import (
	"context"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promauto"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/metrics"
)

// GoodReconciler's metrics are on the registry the manager serves.
type GoodReconciler struct {
	client.Client
}

var goodTotal = promauto.With(metrics.Registry).NewCounter(prometheus.CounterOpts{Name: "good_reconcile_total"})

var goodDepth = prometheus.NewGauge(prometheus.GaugeOpts{Name: "good_queue_depth"})

func init() {
	metrics.Registry.MustRegister(goodDepth)
	registerOn(metrics.Registry)
}

func (r *GoodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	goodTotal.Inc()
	goodDepth.Set(1)
	return ctrl.Result{}, nil
}

// Setup starts both reconcilers.
func Setup(mgr ctrl.Manager) error {
	if err := ctrl.NewControllerManagedBy(mgr).Named("bad").For(&corev1.ConfigMap{}).Complete(&BadReconciler{mgr.GetClient()}); err != nil {
		return err
	}
	return ctrl.NewControllerManagedBy(mgr).Named("good").For(&corev1.ConfigMap{}).Complete(&GoodReconciler{mgr.GetClient()})
}
