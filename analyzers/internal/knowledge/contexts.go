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
