package knowledge

import "go/types"

// TimerRole is what a library function does for code that repeats on a
// period: a loop that waits on its channel, or a function it calls again
// and again.
type TimerRole uint8

const (
	// TimerChan returns a channel that receives after a delay or on every
	// tick (time.After, time.Tick).
	TimerChan TimerRole = iota + 1
	// TimerValue returns a timer or ticker whose channel field receives
	// after a delay or on every tick (time.NewTicker, time.NewTimer).
	TimerValue
	// Sleeps blocks for a delay (time.Sleep).
	Sleeps
	// Reruns calls its function argument Arg on a period until it is
	// stopped: the Repeats rows of the retriers table (wait.Until and its
	// variants), so that both notions stay one.
	Reruns
)

// TimerRow is one library function that drives periodic code.
type TimerRow struct {
	Pkg, Name string
	Role      TimerRole
	// Arg is the index of the function argument a Reruns row calls.
	Arg int
}

var timerRows = []TimerRow{
	{"time", "After", TimerChan, 0},
	{"time", "Tick", TimerChan, 0},
	{"time", "NewTicker", TimerValue, 0},
	{"time", "NewTimer", TimerValue, 0},
	{"time", "Sleep", Sleeps, 0},
}

// rerunRow is the Reruns row of a package-level Repeats retrier.
func rerunRow(r Retrier) (TimerRow, bool) {
	if r.Kind != Repeats || r.Recv != "" {
		return TimerRow{}, false
	}
	return TimerRow{Pkg: r.Pkg, Name: r.Name, Role: Reruns, Arg: r.Arg}, true
}

// TimerRows returns the rows of the library functions that drive periodic
// code (the time package's and the retriers table's Repeats rows), for
// tests.
func TimerRows() []TimerRow {
	rows := append([]TimerRow(nil), timerRows...)
	for _, r := range retriers {
		if row, ok := rerunRow(r); ok {
			rows = append(rows, row)
		}
	}
	return rows
}

// Timer returns the row of fn, a package-level function that drives
// periodic code.
func Timer(fn *types.Func) (TimerRow, bool) {
	if fn == nil || fn.Pkg() == nil || fn.Signature().Recv() != nil {
		return TimerRow{}, false
	}
	for _, r := range timerRows {
		if r.Pkg == fn.Pkg().Path() && r.Name == fn.Name() {
			return r, true
		}
	}
	if r, ok := RetrierOf(fn); ok {
		return rerunRow(r)
	}
	return TimerRow{}, false
}

// workqueuePkg is where the queues a source is started with live.
const workqueuePkg = "k8s.io/client-go/util/workqueue"

// enqueueMethods are the methods of a workqueue that add a request.
var enqueueMethods = []string{"Add", "AddAfter", "AddRateLimited"}

// EnqueueMethods returns the workqueue package and the names of the
// methods that add an item, for tests.
func EnqueueMethods() (pkg string, names []string) {
	return workqueuePkg, append([]string(nil), enqueueMethods...)
}

// Enqueues reports whether fn is a method of a client-go workqueue (the
// queue a controller-runtime source is started with) that adds an item.
func Enqueues(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != workqueuePkg || fn.Signature().Recv() == nil {
		return false
	}
	for _, n := range enqueueMethods {
		if fn.Name() == n {
			return true
		}
	}
	return false
}
