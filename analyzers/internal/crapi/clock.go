package crapi

import (
	"go/types"
	"strings"
)

// metav1Pkg is where metav1.Now and metav1.Time live.
const metav1Pkg = MetaV1Pkg

// ClockMethod reports whether fn is the method name of a clock: declared
// by an interface (k8s.io/utils/clock.PassiveClock, a clock of the
// user's) or by k8s.io/utils/clock, with the signature of time.Now (Now),
// time.Since (Since) or time.Until (Until).
func ClockMethod(fn *types.Func, name string) bool {
	if fn == nil || fn.Name() != name || fn.Pkg() == nil {
		return false
	}
	sig := fn.Signature()
	recv := sig.Recv()
	if recv == nil {
		return false
	}
	if !types.IsInterface(recv.Type()) && !strings.HasPrefix(fn.Pkg().Path(), "k8s.io/utils/clock") {
		return false
	}
	if sig.Results().Len() != 1 {
		return false
	}
	switch name {
	case "Now":
		return sig.Params().Len() == 0 && IsTime(sig.Results().At(0).Type())
	case "Since", "Until":
		return sig.Params().Len() == 1 && IsTime(sig.Params().At(0).Type()) && IsNamed(sig.Results().At(0).Type(), "time", "Duration")
	}
	return false
}

// TimePkg is the standard library's package time.
const TimePkg = "time"

// IsDuration reports whether t is time.Duration.
func IsDuration(t types.Type) bool {
	return t != nil && IsNamed(t, TimePkg, "Duration")
}

// IsTime reports whether t is time.Time (not a pointer to it).
func IsTime(t types.Type) bool {
	if t == nil {
		return false
	}
	_, ptr := types.Unalias(t).(*types.Pointer)
	return !ptr && IsNamed(t, "time", "Time")
}

// ReadsClock reports whether a call of fn reads the current time, and
// how to name it in a message: time.Now, time.Since, time.Until,
// metav1.Now, metav1.NowMicro, or a clock's Now, Since or Until.
func ReadsClock(fn *types.Func) (string, bool) {
	switch {
	case IsFuncIn(fn, "time", "Now", "Since", "Until"):
		return "time." + fn.Name() + "()", true
	case IsFuncIn(fn, metav1Pkg, "Now", "NowMicro"):
		return "metav1." + fn.Name() + "()", true
	case ClockMethod(fn, "Now"), ClockMethod(fn, "Since"), ClockMethod(fn, "Until"):
		return "a clock's " + fn.Name() + "()", true
	}
	return "", false
}
