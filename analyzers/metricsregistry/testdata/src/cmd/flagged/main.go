// kubebuilder's scaffold: the bind address is a flag defaulting to "0",
// which the deployment sets (--metrics-bind-address=:8443). Whenever the
// metrics server runs, it serves only metrics.Registry.
package main

import (
	"flag"
	"os"

	ctrl "sigs.k8s.io/controller-runtime"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"

	_ "fixtures/plainmetrics"
)

func main() {
	var metricsAddr string
	flag.StringVar(&metricsAddr, "metrics-bind-address", "0", "The address the metrics endpoint binds to. Use :8443 for HTTPS or :8080 for HTTP, or leave as 0 to disable the metrics service.")
	flag.Parse()
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{Metrics: metricsserver.Options{BindAddress: metricsAddr}}) // want `^2 registrations of fixtures/plainmetrics \(promauto.NewCounterVec at plainmetrics.go:13, plainmetrics.MustRegister\(prometheus.DefaultRegisterer\) at plainmetrics.go:24\) go to`
	if err != nil {
		os.Exit(1)
	}
	if err := mgr.Start(ctrl.SetupSignalHandler()); err != nil {
		os.Exit(1)
	}
}
