package main

// Each function makes a manager whose metrics server the probe
// describes at the NewManager call.

import (
	"flag"
	"net/http"
	"net/http/pprof"
	"os"

	"github.com/spf13/pflag"
	ctrl "sigs.k8s.io/controller-runtime"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"

	"fixtures/managermetrics/server"
)

func main() {
	defaults()
	constant()
	flagged()
	pflagged()
	local()
	computed()
	elsewhere()
	extras(map[string]http.Handler{})
	_ = server.Run() // want `metrics on ":9090" extra\(/status fixtures/managermetrics/server.status\)`
}

// Nothing set: metricsserver's default address.
func defaults() {
	_, _ = ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{}) // want `metrics on ":8080"`
}

func constant() {
	_, _ = ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{Metrics: metricsserver.Options{BindAddress: "0"}}) // want `metrics off "0"`
}

// kubebuilder's scaffold: a flag defaulting to "0".
func flagged() {
	var metricsAddr string
	flag.StringVar(&metricsAddr, "metrics-bind-address", "0", "The address the metrics endpoint binds to.")
	flag.Parse()
	_, _ = ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{Metrics: metricsserver.Options{BindAddress: metricsAddr}}) // want `metrics off \(-metrics-bind-address default "0"\)`
}

func pflagged() {
	addr := pflag.String("metrics-addr", ":8443", "")
	pflag.Parse()
	opts := ctrl.Options{}
	opts.Metrics.BindAddress = *addr
	_, _ = ctrl.NewManager(ctrl.GetConfigOrDie(), opts) // want `metrics on \(-metrics-addr default ":8443"\)`
}

// A metricsserver.Options variable, with extra handlers.
func local() {
	metricsOpts := metricsserver.Options{
		BindAddress:   ":8443",
		ExtraHandlers: map[string]http.Handler{"/debug/pprof/": http.HandlerFunc(pprof.Index), "/debug/heap": pprof.Handler("heap")},
	}
	metricsOpts.SecureServing = true
	_, _ = ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{Metrics: metricsOpts}) // want `metrics on ":8443" extra\(/debug/pprof/ net/http/pprof.Index\) extra\(/debug/heap net/http/pprof.Handler\)`
}

// An address an environment variable overrides: open.
func computed() {
	addr := ":8080"
	if v := os.Getenv("METRICS_ADDR"); v != "" {
		addr = v
	}
	_, _ = ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{Metrics: metricsserver.Options{BindAddress: addr}}) // want `metrics open \(a bind address the code computes\)`
}

// Options a function makes: open.
func elsewhere() {
	_, _ = ctrl.NewManager(ctrl.GetConfigOrDie(), options()) // want `metrics open \(options built elsewhere\)`
}

func options() ctrl.Options { return ctrl.Options{} }

// Extra handlers given from elsewhere: open.
func extras(h map[string]http.Handler) {
	_, _ = ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{Metrics: metricsserver.Options{ExtraHandlers: h}}) // want `metrics on ":8080" extra\(open\)`
}
