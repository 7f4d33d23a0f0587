package knowledge

import (
	"go/types"
	"strings"
)

// errorMakers return an error that is never nil (wraps -1), or nil only
// when the error they wrap, argument wraps, is nil (github.com/pkg/errors'
// Wrap(nil, "...") is nil); some carry an error argument onwards.
var errorMakers = []ErrorMakerRow{
	{"fmt", "Errorf", -1, true, true}, // with %w or %v the message carries its errors
	{"errors", "New", -1, false, false},
	{pkgErrors, "New", -1, false, false},
	{pkgErrors, "Errorf", -1, false, false},
	{pkgErrors, "Wrap", 0, true, false},
	{pkgErrors, "Wrapf", 0, true, false},
	{pkgErrors, "WithMessage", 0, true, false},
	{pkgErrors, "WithMessagef", 0, true, false},
	{pkgErrors, "WithStack", 0, true, false},
}

const pkgErrors = "github.com/pkg/errors"

// ErrorMaker reports whether fn returns a new error: never nil when wraps
// is -1, else nil only when its argument wraps is.
func ErrorMaker(fn *types.Func) (wraps int, ok bool) {
	m, ok := errorMakerOf(fn)
	return m.Wraps, ok
}

// errorMakerOf returns the row of fn, a package-level function.
func errorMakerOf(fn *types.Func) (ErrorMakerRow, bool) {
	return lookupMember(errorMakers, fn, func(r ErrorMakerRow) (string, string, string) { return r.Pkg, "", r.Name })
}

// ErrorMakerRow is one function of ErrorMaker's table.
type ErrorMakerRow struct {
	Pkg, Name string
	Wraps     int
	// Carries: the error made carries an error argument onwards (wraps or
	// annotates it), so a caller that returns it has not dropped that one.
	Carries bool
	// ByVerb: it wraps an error argument (keeps it for errors.Is and
	// errors.As) only when its format has a %w verb.
	ByVerb bool
}

// WrapsByVerb reports whether fn wraps its error arguments only through
// a %w verb of its format (fmt.Errorf); other wrappers of the table
// implement Unwrap whatever their message.
func WrapsByVerb(fn *types.Func) bool {
	m, _ := errorMakerOf(fn)
	return m.ByVerb
}

// CarriesError reports whether fn returns an error that wraps or
// annotates its error argument (fmt.Errorf, github.com/pkg/errors' Wrap).
func CarriesError(fn *types.Func) bool {
	m, _ := errorMakerOf(fn)
	return m.Carries
}

// ErrorMakers returns ErrorMaker's table.
func ErrorMakers() []ErrorMakerRow { return append([]ErrorMakerRow(nil), errorMakers...) }

// errorTests are the predicates on an error that are false for a nil
// error (so a true result says the error is a failure), by package and
// name or name prefix, and the index of the error argument.
var errorTests = []struct {
	pkg, name string
	arg       int
}{
	{"k8s.io/apimachinery/pkg/api/errors", "Is*", 0}, // IsConflict, IsNotFound...: ReasonForError(nil) is no reason
	{"errors", "Is", 0}, // a nil error is no target's
	{"errors", "As", 0},
}

// ErrorTestArg reports whether fn is a predicate on an error that is
// false when that error is nil, and the index of the error argument.
func ErrorTestArg(fn *types.Func) (int, bool) {
	if fn == nil || fn.Pkg() == nil || fn.Signature().Recv() != nil {
		return 0, false
	}
	for _, t := range errorTests {
		if t.pkg != fn.Pkg().Path() {
			continue
		}
		if prefix, ok := strings.CutSuffix(t.name, "*"); ok && strings.HasPrefix(fn.Name(), prefix) || t.name == fn.Name() {
			return t.arg, true
		}
	}
	return 0, false
}

// errorUnwrappers fill their target with an error found in the chain of
// their error argument: errors.As(err, &target).
var errorUnwrappers = []struct {
	pkg, name  string
	from, into int
}{
	{"errors", "As", 0, 1},
}

// ErrorUnwrapper reports whether fn stores into the pointer argument into
// an error taken from the chain of its error argument from.
func ErrorUnwrapper(fn *types.Func) (from, into int, ok bool) {
	if fn == nil || fn.Pkg() == nil || fn.Signature().Recv() != nil {
		return 0, 0, false
	}
	for _, u := range errorUnwrappers {
		if u.pkg == fn.Pkg().Path() && u.name == fn.Name() {
			return u.from, u.into, true
		}
	}
	return 0, 0, false
}
