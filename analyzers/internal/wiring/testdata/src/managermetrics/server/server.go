// Package server makes a manager outside package main: its Site carries
// its metrics, with the handler it adds to the metrics server.
package server

import (
	"net/http"

	ctrl "sigs.k8s.io/controller-runtime"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"
)

// Run makes and starts the manager.
func Run() error {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{Metrics: metricsserver.Options{BindAddress: ":9090"}})
	if err != nil {
		return err
	}
	if err := mgr.AddMetricsServerExtraHandler("/status", status()); err != nil {
		return err
	}
	return mgr.Start(ctrl.SetupSignalHandler())
}

func status() http.Handler { return http.NotFoundHandler() }
