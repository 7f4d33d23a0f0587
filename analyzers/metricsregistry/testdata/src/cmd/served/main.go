// The bad binary's twin that also serves the default registry on a port
// of its own: nothing is lost.
package main

import (
	"net/http"
	"os"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promauto"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	ctrl "sigs.k8s.io/controller-runtime"

	"fixtures/controller"
	"fixtures/helpers"
	_ "fixtures/plainmetrics"
)

var builds = promauto.NewGauge(prometheus.GaugeOpts{Name: "build_info"})

func main() {
	builds.Set(1)
	helpers.RegisterCollectors()
	go func() {
		mux := http.NewServeMux()
		mux.Handle("/metrics", promhttp.Handler())
		_ = http.ListenAndServe(":9090", mux)
	}()
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})
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
