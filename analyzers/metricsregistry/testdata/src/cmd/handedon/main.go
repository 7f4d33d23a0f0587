// The default registry is handed to a function that does more than
// register on it (it keeps it): the binary may serve it, so nothing is
// reported though it registers on it.
package main

import (
	"os"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promauto"
	ctrl "sigs.k8s.io/controller-runtime"
)

var builds = promauto.NewGauge(prometheus.GaugeOpts{Name: "build_info"})

var kept prometheus.Registerer

// keep registers on reg and keeps it for later.
func keep(reg prometheus.Registerer) {
	reg.MustRegister(prometheus.NewGauge(prometheus.GaugeOpts{Name: "kept"}))
	kept = reg
}

func main() {
	builds.Set(1)
	keep(prometheus.DefaultRegisterer)
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})
	if err != nil {
		os.Exit(1)
	}
	if err := mgr.Start(ctrl.SetupSignalHandler()); err != nil {
		os.Exit(1)
	}
}
