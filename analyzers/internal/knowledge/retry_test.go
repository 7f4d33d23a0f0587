package knowledge_test

import (
	"errors"
	"go/types"
	"strings"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// TestRetriers looks every row of the retry table up in the real packages:
// the function or method exists, its argument Arg is a function of the
// shape its kind says, and RetrierOf finds the row from the object.
func TestRetriers(t *testing.T) {
	byPath := loadTypes(t, pkgsOf(knowledge.Retriers(), func(r knowledge.Retrier) string { return r.Pkg })...)
	for _, r := range knowledge.Retriers() {
		pkg := byPath[r.Pkg]
		if pkg == nil {
			t.Errorf("%+v: package not loaded", r)
			continue
		}
		var fn *types.Func
		if r.Recv == "" {
			fn, _ = pkg.Scope().Lookup(r.Name).(*types.Func)
		} else if tn, ok := pkg.Scope().Lookup(r.Recv).(*types.TypeName); ok {
			m, _, _ := types.LookupFieldOrMethod(tn.Type(), true, pkg, r.Name)
			fn, _ = m.(*types.Func)
		}
		if fn == nil {
			t.Errorf("%+v: no such function", r)
			continue
		}
		params := fn.Signature().Params()
		if r.Arg >= params.Len() {
			t.Errorf("%+v: %v has %d parameters", r, fn, params.Len())
			continue
		}
		if r.Any {
			if it, ok := params.At(r.Arg).Type().Underlying().(*types.Interface); !ok || !it.Empty() {
				t.Errorf("%+v: parameter %d of %v is %v, not an empty interface", r, r.Arg, fn, params.At(r.Arg).Type())
			}
			if got, ok := knowledge.RetrierOf(fn); !ok || got != r {
				t.Errorf("%+v: RetrierOf(%v) = %+v, %v", r, fn, got, ok)
			}
			continue
		}
		sig, ok := params.At(r.Arg).Type().Underlying().(*types.Signature)
		if !ok {
			t.Errorf("%+v: parameter %d of %v is %v, not a function", r, r.Arg, fn, params.At(r.Arg).Type())
			continue
		}
		res := sig.Results()
		var shape bool
		switch r.Kind {
		case knowledge.RetriesOnError:
			shape = res.Len() == 1 && isError(res.At(0).Type())
		case knowledge.PollsCondition:
			shape = res.Len() == 2 && types.Identical(res.At(0).Type(), types.Typ[types.Bool]) && isError(res.At(1).Type())
		case knowledge.Repeats:
			shape = res.Len() == 0
		}
		if !shape {
			t.Errorf("%+v: parameter %d of %v is %v, not of the row's kind", r, r.Arg, fn, sig)
		}
		if got, ok := knowledge.RetrierOf(fn); !ok || got != r {
			t.Errorf("RetrierOf(%v) = %+v, %v; want %+v", fn, got, ok, r)
		}
		if !knowledge.Waits(fn) {
			t.Errorf("Waits(%v) = false", fn)
		}
	}
	// Every exported function of the wait package that takes a condition
	// has its row: a new poller added upstream shows here.
	wait := byPath["k8s.io/apimachinery/pkg/util/wait"]
	for _, name := range wait.Scope().Names() {
		fn, ok := wait.Scope().Lookup(name).(*types.Func)
		if !ok || !fn.Exported() {
			continue
		}
		params := fn.Signature().Params()
		for i := range params.Len() {
			n, ok := types.Unalias(params.At(i).Type()).(*types.Named)
			if !ok || !strings.HasPrefix(n.Obj().Name(), "Condition") {
				continue
			}
			if r, ok := knowledge.RetrierOf(fn); !ok || r.Arg != i {
				t.Errorf("%v takes a condition as argument %d: no row (or another argument)", fn, i)
			}
		}
	}
	if _, ok := knowledge.RetrierOf(wait.Scope().Lookup("Jitter").(*types.Func)); ok {
		t.Error("wait.Jitter runs nothing")
	}
	if !knowledge.Waits(wait.Scope().Lookup("Jitter").(*types.Func)) {
		t.Error("Waits(wait.Jitter): every function of the wait package counts")
	}
	if knowledge.Waits(nil) {
		t.Error("Waits(nil)")
	}
}

func isError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// apierrorsTests are the predicates of apimachinery's errors package,
// called here with a nil error: each must say false. A new Is* function
// upstream fails the test until it is added.
var apierrorsTests = map[string]func(error) bool{
	"IsNotFound":                   apierrors.IsNotFound,
	"IsAlreadyExists":              apierrors.IsAlreadyExists,
	"IsConflict":                   apierrors.IsConflict,
	"IsInvalid":                    apierrors.IsInvalid,
	"IsGone":                       apierrors.IsGone,
	"IsResourceExpired":            apierrors.IsResourceExpired,
	"IsNotAcceptable":              apierrors.IsNotAcceptable,
	"IsUnsupportedMediaType":       apierrors.IsUnsupportedMediaType,
	"IsMethodNotSupported":         apierrors.IsMethodNotSupported,
	"IsServiceUnavailable":         apierrors.IsServiceUnavailable,
	"IsBadRequest":                 apierrors.IsBadRequest,
	"IsUnauthorized":               apierrors.IsUnauthorized,
	"IsForbidden":                  apierrors.IsForbidden,
	"IsTimeout":                    apierrors.IsTimeout,
	"IsServerTimeout":              apierrors.IsServerTimeout,
	"IsInternalError":              apierrors.IsInternalError,
	"IsTooManyRequests":            apierrors.IsTooManyRequests,
	"IsRequestEntityTooLargeError": apierrors.IsRequestEntityTooLargeError,
	"IsUnexpectedServerError":      apierrors.IsUnexpectedServerError,
	"IsUnexpectedObjectError":      apierrors.IsUnexpectedObjectError,
	"IsStoreReadError":             apierrors.IsStoreReadError,
}

// TestErrorTests checks that the error predicates the table names are
// false on a nil error, by calling them, and that every function the
// table's prefix matches in the real package is one of them.
func TestErrorTests(t *testing.T) {
	byPath := loadTypes(t, "k8s.io/apimachinery/pkg/api/errors", "errors")
	pkg := byPath["k8s.io/apimachinery/pkg/api/errors"]
	matched := 0
	for _, name := range pkg.Scope().Names() {
		fn, ok := pkg.Scope().Lookup(name).(*types.Func)
		if !ok {
			continue
		}
		arg, ok := knowledge.ErrorTestArg(fn)
		if !ok {
			continue
		}
		matched++
		call, known := apierrorsTests[name]
		if !known {
			t.Errorf("%v is taken for an error test false on nil: add it to apierrorsTests", fn)
			continue
		}
		if arg != 0 || !isError(fn.Signature().Params().At(0).Type()) {
			t.Errorf("%v: argument %d is not its error", fn, arg)
		}
		if call(nil) {
			t.Errorf("%s(nil) = true", name)
		}
	}
	if matched != len(apierrorsTests) {
		t.Errorf("%d functions matched, %d known", matched, len(apierrorsTests))
	}
	std := byPath["errors"]
	for _, name := range []string{"Is", "As"} {
		if _, ok := knowledge.ErrorTestArg(std.Scope().Lookup(name).(*types.Func)); !ok {
			t.Errorf("errors.%s: no row", name)
		}
	}
	var target *apierrors.StatusError
	if errors.Is(nil, errors.New("conflict")) || errors.As(nil, &target) {
		t.Error("errors.Is and errors.As are false on a nil error")
	}
	if _, ok := knowledge.ErrorTestArg(std.Scope().Lookup("Unwrap").(*types.Func)); ok {
		t.Error("errors.Unwrap is no test")
	}
	from, into, ok := knowledge.ErrorUnwrapper(std.Scope().Lookup("As").(*types.Func))
	if as := std.Scope().Lookup("As").(*types.Func); !ok || from != 0 || into != 1 ||
		!isError(as.Signature().Params().At(from).Type()) {
		t.Errorf("ErrorUnwrapper(errors.As) = %d, %d, %v", from, into, ok)
	}
	if _, _, ok := knowledge.ErrorUnwrapper(std.Scope().Lookup("Is").(*types.Func)); ok {
		t.Error("errors.Is fills nothing")
	}
}
