package knowledge

import "go/types"

// TimeOp is what a function or method of package time, or one of
// apimachinery's wrappers of it, computes from the current time and its
// operands: the arithmetic a check follows to tell whether a value moves
// with the clock.
type TimeOp uint8

const (
	// TimeNow is the current time (time.Now, metav1.Now).
	TimeNow TimeOp = iota + 1
	// TimeSince is now minus its argument (time.Since).
	TimeSince
	// TimeUntil is its argument minus now (time.Until).
	TimeUntil
	// TimeDiff is its receiver minus its argument (t.Sub(u)).
	TimeDiff
	// TimeCompare is the sign of TimeDiff (t.Compare(u)).
	TimeCompare
	// TimeBefore tells whether its receiver is before its argument.
	TimeBefore
	// TimeAfter tells whether its receiver is after its argument.
	TimeAfter
	// TimeAdd is its receiver plus its argument (t.Add(d)).
	TimeAdd
	// TimeSame is the same instant as its receiver (t.UTC(), Local, In).
	TimeSame
	// TimeMonotone grows with its receiver, its argument a constant
	// (t.Truncate(d), Round, the Unix* conversions).
	TimeMonotone
	// TimeWrap is its argument as another type (metav1.NewTime(t)).
	TimeWrap
	// DurationUnit is its receiver in a unit (d.Seconds(), Minutes...).
	DurationUnit
	// DurationRound is its receiver rounded (d.Round(m), d.Truncate(m)).
	DurationRound
	// TimeFormat is its receiver as text (t.Format, t.String, d.String).
	TimeFormat
	// TimeCopy is a copy of its receiver (metav1.Time's DeepCopy and
	// Rfc3339Copy).
	TimeCopy
)

// TimeRow is one function (Recv "") or method of a time type.
type TimeRow struct {
	Pkg, Recv, Name string
	Op              TimeOp
}

var timeRows = func() []TimeRow {
	r := []TimeRow{
		{"time", "", "Now", TimeNow},
		{metav1, "", "Now", TimeNow},
		{"time", "", "Since", TimeSince},
		{"time", "", "Until", TimeUntil},
		{"time", "Time", "Sub", TimeDiff},
		{"time", "Time", "Compare", TimeCompare},
		{"time", "Time", "Before", TimeBefore},
		{metav1, "Time", "Before", TimeBefore},
		{"time", "Time", "After", TimeAfter},
		{"time", "Time", "Format", TimeFormat},
		{"time", "Time", "String", TimeFormat},
		{"time", "Duration", "String", TimeFormat},
		{"time", "Duration", "Round", DurationRound},
		{"time", "Duration", "Truncate", DurationRound},
		{metav1, "Time", "DeepCopy", TimeCopy},
		{metav1, "Time", "Rfc3339Copy", TimeCopy},
		{"time", "Time", "Add", TimeAdd},
		{metav1, "", "NewTime", TimeWrap},
	}
	for _, n := range []string{"UTC", "Local", "In"} {
		r = append(r, TimeRow{"time", "Time", n, TimeSame})
	}
	for _, n := range []string{"Truncate", "Round", "Unix", "UnixMilli", "UnixMicro", "UnixNano"} {
		r = append(r, TimeRow{"time", "Time", n, TimeMonotone})
	}
	for _, n := range []string{"Seconds", "Minutes", "Hours", "Milliseconds", "Microseconds", "Nanoseconds"} {
		r = append(r, TimeRow{"time", "Duration", n, DurationUnit})
	}
	return r
}()

// TimeRows returns the table, for tests.
func TimeRows() []TimeRow { return append([]TimeRow(nil), timeRows...) }

// TimeOpOf returns what fn computes, 0 when it is not in the table.
func TimeOpOf(fn *types.Func) TimeOp {
	row, _ := lookupMember(timeRows, fn, func(r TimeRow) (string, string, string) { return r.Pkg, r.Recv, r.Name })
	return row.Op
}

// lookupMember returns the row of rows for fn, a package-level function
// (a row's receiver "") or a method of a named type (the receiver's
// name), keyed by key.
func lookupMember[R any](rows []R, fn *types.Func, key func(R) (pkg, recv, name string)) (R, bool) {
	var zero R
	if fn == nil || fn.Pkg() == nil {
		return zero, false
	}
	recv := ""
	if r := fn.Signature().Recv(); r != nil {
		n := namedOf(r.Type())
		if n == nil {
			return zero, false
		}
		recv = n.Obj().Name()
	}
	for _, row := range rows {
		if p, r, n := key(row); p == fn.Pkg().Path() && r == recv && n == fn.Name() {
			return row, true
		}
	}
	return zero, false
}

// namedOf returns the named type t is or points to.
func namedOf(t types.Type) *types.Named {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, _ := types.Unalias(t).(*types.Named)
	return n
}

// IsDuration reports whether t is time.Duration (not a pointer to it).
func IsDuration(t types.Type) bool {
	if t == nil {
		return false
	}
	if _, ptr := types.Unalias(t).(*types.Pointer); ptr {
		return false
	}
	n := namedOf(t)
	return n != nil && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" && n.Obj().Name() == "Duration"
}

// TimeValuePackage reports whether path is a package of time values:
// package time, or apimachinery's meta/v1 with its Time and Duration.
func TimeValuePackage(path string) bool { return path == "time" || path == metav1 }

// impureTime are the functions and methods of package time that do more
// than compute: they wait, start timers, or decode into their receiver.
// A Recv "*" is any type, a Name ending in "*" a prefix.
var impureTime = []TimeRow{
	{"time", "", "Sleep", 0},
	{"time", "", "After", 0},
	{"time", "", "AfterFunc", 0},
	{"time", "", "Tick", 0},
	{"time", "", "NewTimer", 0},
	{"time", "", "NewTicker", 0},
	{"time", "Timer", "*", 0},
	{"time", "Ticker", "*", 0},
	{"time", "*", "Unmarshal*", 0},
	{"time", "*", "GobDecode", 0},
}

// PureTime reports whether fn is a function or method of package time
// (ok), and whether it only computes (pure).
func PureTime(fn *types.Func) (pure, ok bool) {
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "time" {
		return false, false
	}
	recv := ""
	if r := fn.Signature().Recv(); r != nil {
		recv = "?"
		if n := namedOf(r.Type()); n != nil {
			recv = n.Obj().Name()
		}
	}
	for _, row := range impureTime {
		if (row.Recv == recv || (row.Recv == "*" && recv != "")) && match(row.Name, fn.Name(), "*") {
			return false, true
		}
	}
	return true, true
}

// ImpureTimeRows returns the rows PureTime excludes, for tests.
func ImpureTimeRows() []TimeRow { return append([]TimeRow(nil), impureTime...) }
