// Package metricsregistry defines an Analyzer that reports metrics
// registered on Prometheus' default registry in a binary whose manager
// serves only controller-runtime's metrics.Registry.
//
// # Analyzer metricsregistry
//
// metricsregistry: report metrics registered on Prometheus' default registry in a binary whose manager serves only controller-runtime's metrics.Registry
//
// A registration on Prometheus' default registry (prometheus.MustRegister
// or Register, promauto.NewCounter and the other promauto constructors
// without With, prometheus.DefaultRegisterer.MustRegister) that a binary
// runs: in its own code, when one of the module's packages it imports is
// initialised (a package variable, an init function), or in a function
// its code reaches. The manager's metrics server serves
// controller-runtime's metrics.Registry and nothing else, so when the
// binary runs a manager whose metrics server is on (or whose
// bind-address flag turns it on) and nothing in it serves the default
// registry, the metric is never exported. The check judges in package
// main, which sees every package of its binary, and reports at the
// registration when it is main's own, else at the call that makes the
// manager; it is silent when a manager's metrics options cannot be
// followed, when an extra handler of its metrics server comes from a
// library, and when the module's code uses the default registry in any
// other way (promhttp.Handler, prometheus.DefaultGatherer, a handler for
// another gatherer, an assignment to metrics.Registry). Fix: register on
// metrics.Registry (sigs.k8s.io/controller-runtime/pkg/metrics):
// metrics.Registry.MustRegister, or promauto.With(metrics.Registry).
package metricsregistry
