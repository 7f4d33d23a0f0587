package controller

import (
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promauto"
	"sigs.k8s.io/controller-runtime/pkg/metrics"
)

// The backup controller's metrics. dumpsStarted is registered on
// Prometheus' default registry (promauto's package-level constructors),
// which the manager's metrics server does not serve: the counter never
// appears on /metrics (reported at the manager in cmd/main.go).
// dumpsFinished, its twin, is registered on controller-runtime's
// metrics.Registry, the one the manager serves.
var (
	dumpsStarted = promauto.NewCounter(prometheus.CounterOpts{
		Name: "guestbook_backup_dumps_started_total",
		Help: "Dumps started by the backup controller.",
	})
	dumpsFinished = promauto.With(metrics.Registry).NewCounter(prometheus.CounterOpts{
		Name: "guestbook_backup_dumps_finished_total",
		Help: "Dumps the backup controller saw finish.",
	})
)

// countDump counts a dump started or finished.
func countDump(finished bool) {
	if finished {
		dumpsFinished.Inc()
		return
	}
	dumpsStarted.Inc()
}
