// The manager serves only metrics.Registry: every registration on the
// default registry this binary runs is reported, at the manager (at its
// own line for the binary's own).
package main

import (
	"net/http"
	"os"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promauto"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/metrics"

	"fixtures/controller"
	"fixtures/helpers"
	_ "fixtures/plainmetrics"
)

var builds = promauto.NewGauge(prometheus.GaugeOpts{Name: "build_info"}) // want `^promauto.NewGauge at main.go:21 registers on Prometheus' default registry, but the manager's metrics server serves only controller-runtime's metrics.Registry and nothing this binary runs serves the default registry: the metric is never exported; register on metrics.Registry \(sigs.k8s.io/controller-runtime/pkg/metrics\): metrics.Registry.MustRegister, or promauto.With\(metrics.Registry\)$`

func main() {
	builds.Set(1)
	helpers.RegisterCollectors()
	helpers.RegisterRight()
	// Serving the manager's own registry again is no use of the default one.
	go func() {
		_ = http.ListenAndServe(":9090", promhttp.HandlerFor(metrics.Registry, promhttp.HandlerOpts{}))
	}()
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{}) // want `^4 registrations of fixtures/controller \(promauto.NewCounter at bad.go:24, prometheus.MustRegister at bad.go:31, prometheus.DefaultRegisterer.MustRegister at bad.go:32, 1 more\) go to Prometheus' default registry, but the manager's metrics server serves only controller-runtime's metrics.Registry and nothing this binary runs serves the default registry: these metrics are never exported; register on metrics.Registry` `^2 registrations of fixtures/plainmetrics \(promauto.NewCounterVec at plainmetrics.go:13, plainmetrics.MustRegister\(prometheus.DefaultRegisterer\) at plainmetrics.go:24\) go to` `^prometheus.MustRegister at helpers.go:19 \(fixtures/helpers\) registers`
	if err != nil {
		os.Exit(1)
	}
	if err := controller.Setup(mgr); err != nil {
		os.Exit(1)
	}
	if err := mgr.Start(ctrl.SetupSignalHandler()); err != nil {
		os.Exit(1)
	}
}
