// Package metricsregistry defines an Analyzer that reports TODO(metricsregistry): the bug, in a
// sentence.
//
// # Analyzer metricsregistry
//
// metricsregistry: report metrics registered on Prometheus' default registry in a binary whose manager serves only controller-runtime's metrics.Registry
//
// TODO(metricsregistry): what the check reports, what goes wrong at run time, and
// how to fix it, in a paragraph: this section is the check's Doc, which
// "reconcilecheck help metricsregistry" prints. Its first line, the summary, also
// opens docs/checks/metricsregistry.md and is the linter's description.
package metricsregistry
