package plainmetrics // want package:`registrations\(promauto.NewCounterVec at plainmetrics.go:13, plainmetrics.MustRegister\(prometheus.DefaultRegisterer\) at plainmetrics.go:24\)`

// Package plainmetrics refers to no Kubernetes API (its SSA is not
// built): its initializers' registrations are read from its syntax.

import (
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promauto"
)

// Requests counts requests by result; registered on the default registry
// when the package is initialised.
var Requests = promauto.NewCounterVec(prometheus.CounterOpts{Name: "plain_requests_total"}, []string{"result"})

// Later registers when called, not when the package is initialised.
var Later = func() { prometheus.MustRegister(prometheus.NewGauge(prometheus.GaugeOpts{Name: "plain_later"})) }

var lastRun = prometheus.NewGauge(prometheus.GaugeOpts{Name: "plain_last_run"})

// MustRegister registers the package's metrics on reg.
func MustRegister(reg prometheus.Registerer) { reg.MustRegister(lastRun) }

func init() {
	MustRegister(prometheus.DefaultRegisterer)
}
