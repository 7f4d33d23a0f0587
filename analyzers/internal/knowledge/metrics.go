package knowledge

import "go/types"

// The packages of Prometheus' Go client and of controller-runtime's
// metrics that the metrics rows name.
const (
	prometheusPkg = "github.com/prometheus/client_golang/prometheus"
	promautoPkg   = "github.com/prometheus/client_golang/prometheus/promauto"
	promhttpPkg   = "github.com/prometheus/client_golang/prometheus/promhttp"
	// CtrlMetricsPkg holds metrics.Registry, the registry a manager's
	// metrics server serves.
	CtrlMetricsPkg = "sigs.k8s.io/controller-runtime/pkg/metrics"
	// MetricsServerPkg holds metricsserver.Options, a manager's
	// Options.Metrics.
	MetricsServerPkg = "sigs.k8s.io/controller-runtime/pkg/metrics/server"
)

// MetricsRole is what a package-level function or variable of the
// Prometheus client or of controller-runtime's metrics package does with
// the registries.
type MetricsRole uint8

const (
	// RegistersDefault registers collectors on Prometheus' default
	// registry (prometheus.MustRegister, promauto.NewCounter: both go to
	// prometheus.DefaultRegisterer).
	RegistersDefault MetricsRole = iota + 1
	// DefaultRegistry is a variable holding the default registry
	// (prometheus.DefaultRegisterer, DefaultGatherer). Its Register and
	// MustRegister methods are registrations on it; any other use may
	// serve it, replace it or hand it on.
	DefaultRegistry
	// ServesDefault returns a handler that serves the default gatherer
	// (promhttp.Handler).
	ServesDefault
	// ServesGatherer returns a handler that serves the gatherer of its
	// first argument (promhttp.HandlerFor).
	ServesGatherer
	// ManagerRegistry is controller-runtime's metrics.Registry, the one
	// registry the manager's metrics server serves
	// (pkg/metrics/server: promhttp.HandlerFor(metrics.Registry, ...)).
	ManagerRegistry
)

// MetricsRow is one package-level function or variable of the metrics
// libraries.
type MetricsRow struct {
	Pkg, Name string
	Role      MetricsRole
}

var metricsRows = []MetricsRow{
	// prometheus.Register and MustRegister call DefaultRegisterer's.
	{prometheusPkg, "MustRegister", RegistersDefault},
	{prometheusPkg, "Register", RegistersDefault},
	// promauto's package-level constructors are With(DefaultRegisterer)'s.
	{promautoPkg, "NewCounter", RegistersDefault},
	{promautoPkg, "NewCounterVec", RegistersDefault},
	{promautoPkg, "NewCounterFunc", RegistersDefault},
	{promautoPkg, "NewGauge", RegistersDefault},
	{promautoPkg, "NewGaugeVec", RegistersDefault},
	{promautoPkg, "NewGaugeFunc", RegistersDefault},
	{promautoPkg, "NewSummary", RegistersDefault},
	{promautoPkg, "NewSummaryVec", RegistersDefault},
	{promautoPkg, "NewHistogram", RegistersDefault},
	{promautoPkg, "NewHistogramVec", RegistersDefault},
	{promautoPkg, "NewUntypedFunc", RegistersDefault},
	{prometheusPkg, "DefaultRegisterer", DefaultRegistry},
	{prometheusPkg, "DefaultGatherer", DefaultRegistry},
	{promhttpPkg, "Handler", ServesDefault},
	{promhttpPkg, "HandlerFor", ServesGatherer},
	{promhttpPkg, "HandlerForTransactional", ServesGatherer},
	{CtrlMetricsPkg, "Registry", ManagerRegistry},
}

// MetricsRows returns the metrics rows, for tests.
func MetricsRows() []MetricsRow { return append([]MetricsRow(nil), metricsRows...) }

// MetricsRoleOf returns the role of obj, a package-level function or
// variable of the metrics libraries; 0 for any other object (a method, a
// function of another package).
func MetricsRoleOf(obj types.Object) MetricsRole {
	if obj == nil || obj.Pkg() == nil || obj.Parent() != obj.Pkg().Scope() {
		return 0
	}
	for _, r := range metricsRows {
		if r.Pkg == obj.Pkg().Path() && r.Name == obj.Name() {
			return r.Role
		}
	}
	return 0
}

// IsRegisterer reports whether t is prometheus.Registerer, the interface
// a registry is handed to functions as (a function of the module that
// registers on its Registerer parameter registers on the default
// registry when given prometheus.DefaultRegisterer).
func IsRegisterer(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == prometheusPkg && n.Obj().Name() == "Registerer"
}

// FlagRow is a function of a flag package that defines a string flag:
// where its pointer and its default are. A flag's value is its default
// until the command line sets it.
type FlagRow struct {
	Pkg string
	// Recv is "FlagSet" for a method of the package's FlagSet, "" for a
	// package-level function (which defines the flag on the command line's
	// set).
	Recv, Name string
	// Ptr is the argument (without the receiver) the variable's pointer
	// is given at, -1 when the function returns it (flag.String).
	Ptr int
	// NameArg is the argument holding the flag's name, Default the one
	// holding its default value.
	NameArg, Default int
}

const pflagPkg = "github.com/spf13/pflag"

var flagRows = []FlagRow{
	{"flag", "", "StringVar", 0, 1, 2},
	{"flag", "", "String", -1, 0, 1},
	{"flag", "FlagSet", "StringVar", 0, 1, 2},
	{"flag", "FlagSet", "String", -1, 0, 1},
	{pflagPkg, "", "StringVar", 0, 1, 2},
	{pflagPkg, "", "StringVarP", 0, 1, 3},
	{pflagPkg, "", "String", -1, 0, 1},
	{pflagPkg, "", "StringP", -1, 0, 2},
	{pflagPkg, "FlagSet", "StringVar", 0, 1, 2},
	{pflagPkg, "FlagSet", "StringVarP", 0, 1, 3},
	{pflagPkg, "FlagSet", "String", -1, 0, 1},
	{pflagPkg, "FlagSet", "StringP", -1, 0, 2},
}

// FlagRows returns the string flag rows, for tests.
func FlagRows() []FlagRow { return append([]FlagRow(nil), flagRows...) }

// StringFlag returns the row of fn, a function or FlagSet method of the
// standard flag package or of pflag (cobra's) that defines a string
// flag.
func StringFlag(fn *types.Func) (FlagRow, bool) {
	if fn == nil || fn.Pkg() == nil {
		return FlagRow{}, false
	}
	recv := ""
	if r := fn.Signature().Recv(); r != nil {
		t := r.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		n, ok := t.(*types.Named)
		if !ok {
			return FlagRow{}, false
		}
		recv = n.Obj().Name()
	}
	for _, r := range flagRows {
		if r.Pkg == fn.Pkg().Path() && r.Recv == recv && r.Name == fn.Name() {
			return r, true
		}
	}
	return FlagRow{}, false
}
