// Package helpers registers metrics in functions: a registration runs
// only in a binary that calls it.
package helpers

import (
	"github.com/prometheus/client_golang/prometheus"
	"sigs.k8s.io/controller-runtime/pkg/metrics"
)

var (
	syncs   = prometheus.NewCounter(prometheus.CounterOpts{Name: "helper_syncs_total"})
	right   = prometheus.NewCounter(prometheus.CounterOpts{Name: "helper_right_total"})
	unused  = prometheus.NewCounter(prometheus.CounterOpts{Name: "helper_unused_total"})
	ignored = prometheus.NewCounter(prometheus.CounterOpts{Name: "helper_ignored_total"})
)

// RegisterCollectors registers on the default registry.
func RegisterCollectors() { // want RegisterCollectors:`registrations\(prometheus.MustRegister at helpers.go:19\)`
	prometheus.MustRegister(syncs)
	register()
}

func register() {
	//reconcilecheck:ignore metricsregistry served by the binary's own /metrics server
	prometheus.MustRegister(ignored)
}

// RegisterRight registers on the manager's registry.
func RegisterRight() {
	metrics.Registry.MustRegister(right)
}

// Unused registers on the default registry, but no binary calls it.
func Unused() { // want Unused:`registrations\(prometheus.MustRegister at helpers.go:35\)`
	prometheus.MustRegister(unused)
}
