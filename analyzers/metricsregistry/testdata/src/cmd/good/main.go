// The bad binary fixed: its registrations are on metrics.Registry, and a
// handler for that registry on a port of its own is no use of the
// default one.
package main

import (
	"net/http"
	"os"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promauto"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/metrics"

	"fixtures/helpers"
)

var builds = promauto.With(metrics.Registry).NewGauge(prometheus.GaugeOpts{Name: "build_info"})

func main() {
	builds.Set(1)
	helpers.RegisterRight()
	go func() {
		_ = http.ListenAndServe(":9090", promhttp.HandlerFor(metrics.Registry, promhttp.HandlerOpts{}))
	}()
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})
	if err != nil {
		os.Exit(1)
	}
	if err := mgr.Start(ctrl.SetupSignalHandler()); err != nil {
		os.Exit(1)
	}
}
