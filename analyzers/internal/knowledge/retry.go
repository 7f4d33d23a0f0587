package knowledge

import "go/types"

// RetryKind says how a retrying or polling function uses the function it
// is given.
type RetryKind uint8

const (
	// RetriesOnError is a func() error, run again while it returns a retriable
	// error; a nil error ends the loop as a success (client-go's
	// retry.RetryOnConflict, retry.OnError).
	RetriesOnError RetryKind = iota + 1
	// PollsCondition is a condition func(...) (done bool, err error), run
	// again while it returns false and a nil error; an error ends the
	// loop (apimachinery's wait.Poll*, wait.ExponentialBackoff*,
	// DelayFunc.Until).
	PollsCondition
	// Repeats is a func run periodically until stopped (wait.Until*,
	// wait.Forever, wait.JitterUntil*, wait.BackoffUntil*).
	Repeats
)

// Retrier is one function that runs a function it is given repeatedly.
type Retrier struct {
	Pkg string
	// Recv is the receiver's type name for a method, "" for a
	// package-level function.
	Recv string
	Name string
	// Arg is the index of the function argument run repeatedly (0 is the
	// first argument after the receiver).
	Arg  int
	Kind RetryKind
	// Any is set when the parameter Arg is an interface{} that takes a
	// function of the row's kind among other values (gomega's
	// Eventually).
	Any bool
}

const (
	retryPkg  = "k8s.io/client-go/util/retry"
	waitPkg   = "k8s.io/apimachinery/pkg/util/wait"
	gomegaPkg = "github.com/onsi/gomega"
)

// retriers is the table of retry and poll functions. A test looks every
// row up in the real packages (name, receiver, and the signature of the
// argument Arg).
var retriers = []Retrier{
	{retryPkg, "", "RetryOnConflict", 1, RetriesOnError, false},
	{retryPkg, "", "OnError", 2, RetriesOnError, false},
	// Eventually(func() error {...}).Should(Succeed()) runs the function
	// again until it returns nil (tests and their helpers).
	{gomegaPkg, "", "Eventually", 0, RetriesOnError, true},
	{gomegaPkg, "", "EventuallyWithOffset", 1, RetriesOnError, true},

	{waitPkg, "", "PollUntilContextCancel", 3, PollsCondition, false},
	{waitPkg, "", "PollUntilContextTimeout", 4, PollsCondition, false},
	{waitPkg, "", "Poll", 2, PollsCondition, false},
	{waitPkg, "", "PollWithContext", 3, PollsCondition, false},
	{waitPkg, "", "PollUntil", 1, PollsCondition, false},
	{waitPkg, "", "PollUntilWithContext", 2, PollsCondition, false},
	{waitPkg, "", "PollInfinite", 1, PollsCondition, false},
	{waitPkg, "", "PollInfiniteWithContext", 2, PollsCondition, false},
	{waitPkg, "", "PollImmediate", 2, PollsCondition, false},
	{waitPkg, "", "PollImmediateWithContext", 3, PollsCondition, false},
	{waitPkg, "", "PollImmediateUntil", 1, PollsCondition, false},
	{waitPkg, "", "PollImmediateUntilWithContext", 2, PollsCondition, false},
	{waitPkg, "", "PollImmediateInfinite", 1, PollsCondition, false},
	{waitPkg, "", "PollImmediateInfiniteWithContext", 2, PollsCondition, false},
	{waitPkg, "", "ExponentialBackoff", 1, PollsCondition, false},
	{waitPkg, "", "ExponentialBackoffWithContext", 2, PollsCondition, false},
	{waitPkg, "DelayFunc", "Until", 3, PollsCondition, false},

	{waitPkg, "", "Until", 0, Repeats, false},
	{waitPkg, "", "UntilWithContext", 1, Repeats, false},
	{waitPkg, "", "NonSlidingUntil", 0, Repeats, false},
	{waitPkg, "", "NonSlidingUntilWithContext", 1, Repeats, false},
	{waitPkg, "", "JitterUntil", 0, Repeats, false},
	{waitPkg, "", "JitterUntilWithContext", 1, Repeats, false},
	{waitPkg, "", "BackoffUntil", 0, Repeats, false},
	{waitPkg, "", "BackoffUntilWithContext", 1, Repeats, false},
	{waitPkg, "", "Forever", 0, Repeats, false},
}

// Retriers returns a copy of the table, for tests.
func Retriers() []Retrier { return append([]Retrier(nil), retriers...) }

// RetrierOf returns the row of fn, a function or method that runs one of
// its function arguments repeatedly, if the table has one.
func RetrierOf(fn *types.Func) (Retrier, bool) {
	if fn == nil || fn.Pkg() == nil {
		return Retrier{}, false
	}
	recv := ""
	if r := fn.Signature().Recv(); r != nil {
		t := r.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		n, ok := types.Unalias(t).(*types.Named)
		if !ok {
			return Retrier{}, false
		}
		recv = n.Obj().Name()
	}
	for _, r := range retriers {
		if r.Pkg == fn.Pkg().Path() && r.Recv == recv && r.Name == fn.Name() {
			return r, true
		}
	}
	return Retrier{}, false
}

// Waits reports whether fn waits, polls or backs off: a row of the table,
// or any other function or method of apimachinery's wait package (the
// Backoff's steps, Group.Wait, the jittered durations): statusrace's
// notion of a test that waits before it asserts.
func Waits(fn *types.Func) bool {
	if _, ok := RetrierOf(fn); ok {
		return true
	}
	return fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == waitPkg
}
