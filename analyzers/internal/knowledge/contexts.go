package knowledge

import "go/types"

// Deriver is a function that returns a context derived from its first
// argument, carrying something the caller means to pass on: its result
// must be used.
type Deriver struct {
	Pkg, Name string
	// Carries is what the returned context adds, for messages.
	Carries string
	// VetReports is true for the functions go vet's unusedresult pass
	// already reports when their call is a statement of its own.
	VetReports bool
}

// derivers is the table. ctrl.LoggerInto is a variable holding
// log.IntoContext (DeriverNamed(crLog, "IntoContext")).
var derivers = []Deriver{
	{crLog, "IntoContext", "the logger", false},
	{logr, "NewContext", "the logger", false},
	{logr, "NewContextWithSlogLogger", "the logger", false},
	{"context", "WithValue", "the value", true},
	{"context", "WithCancel", "the cancellation", true},
	{"context", "WithCancelCause", "the cancellation", false},
	{"context", "WithTimeout", "the timeout", true},
	{"context", "WithTimeoutCause", "the timeout", false},
	{"context", "WithDeadline", "the deadline", true},
	{"context", "WithDeadlineCause", "the deadline", false},
	{"context", "WithoutCancel", "the detachment from cancellation", false},
}

// Derivers returns the table, for tests.
func Derivers() []Deriver { return append([]Deriver(nil), derivers...) }

// DeriverOf returns the row of fn, a package-level function, if it
// derives a context.
func DeriverOf(fn *types.Func) (Deriver, bool) {
	if fn == nil || fn.Pkg() == nil || fn.Signature().Recv() != nil {
		return Deriver{}, false
	}
	return DeriverNamed(fn.Pkg().Path(), fn.Name())
}

// DeriverNamed returns the row of the function name of package pkg (or of
// the function a variable holds, such as ctrl.LoggerInto).
func DeriverNamed(pkg, name string) (Deriver, bool) {
	for _, d := range derivers {
		if d.Pkg == pkg && d.Name == name {
			return d, true
		}
	}
	return Deriver{}, false
}

// Lifetime is a method whose context argument is the lifetime of what it
// starts, not the deadline of a request: a component that must outlive
// the reconcile that starts it (a manager, a cluster or cache of another
// cluster, an fx application). A context made for it is no reconcile
// context dropped.
type Lifetime struct {
	Pkg, Type, Method string
}

const (
	crManager = "sigs.k8s.io/controller-runtime/pkg/manager"
	crCluster = "sigs.k8s.io/controller-runtime/pkg/cluster"
	crCache   = "sigs.k8s.io/controller-runtime/pkg/cache"
)

var lifetimes = []Lifetime{
	{crManager, "Manager", "Start"},
	{crManager, "Runnable", "Start"},
	{crCluster, "Cluster", "Start"},
	{crCache, "Cache", "Start"},
	{crCache, "Informers", "Start"},
	{"go.uber.org/fx", "App", "Start"},
}

// Lifetimes returns the table, for tests.
func Lifetimes() []Lifetime { return append([]Lifetime(nil), lifetimes...) }

// StartsLifetime reports whether fn is a method of the table (on the
// type, through an interface, or promoted to a type embedding it).
func StartsLifetime(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	sig := fn.Signature()
	if sig.Recv() == nil {
		return false
	}
	t := sig.Recv().Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	for _, l := range lifetimes {
		if l.Pkg == n.Obj().Pkg().Path() && l.Type == n.Obj().Name() && l.Method == fn.Name() {
			return true
		}
	}
	return false
}

// freshContexts return a context that carries nothing of their caller's:
// no deadline, cancellation, logger or values.
var freshContexts = []string{"Background", "TODO"}

// FreshContexts returns the names of package context's functions that
// make an empty context, for tests.
func FreshContexts() []string { return append([]string(nil), freshContexts...) }

// FreshContext reports whether fn returns a context that carries nothing
// of its caller's (context.Background, context.TODO).
func FreshContext(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "context" || fn.Signature().Recv() != nil {
		return false
	}
	for _, n := range freshContexts {
		if fn.Name() == n {
			return true
		}
	}
	return false
}
