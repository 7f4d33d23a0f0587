package knowledge_test

import (
	"errors"
	"fmt"
	"go/types"
	"strings"
	"testing"

	pkgerrors "github.com/pkg/errors"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// errorMakers are the rows of ErrorMaker's table called with a nil error
// to wrap: the result is nil exactly for the wrappers.
var errorMakers = map[string]func(error) error{
	"fmt.Errorf":                         func(err error) error { return fmt.Errorf("x: %w", err) },
	"errors.New":                         func(error) error { return errors.New("x") },
	"github.com/pkg/errors.New":          func(error) error { return pkgerrors.New("x") },
	"github.com/pkg/errors.Errorf":       func(error) error { return pkgerrors.Errorf("x") },
	"github.com/pkg/errors.Wrap":         func(err error) error { return pkgerrors.Wrap(err, "x") },
	"github.com/pkg/errors.Wrapf":        func(err error) error { return pkgerrors.Wrapf(err, "x") },
	"github.com/pkg/errors.WithMessage":  func(err error) error { return pkgerrors.WithMessage(err, "x") },
	"github.com/pkg/errors.WithMessagef": func(err error) error { return pkgerrors.WithMessagef(err, "x") },
	"github.com/pkg/errors.WithStack":    pkgerrors.WithStack,
}

// TestErrorMakers: each row's function exists, returns an error and takes
// the error it wraps where the row says, ErrorMaker finds the row, and
// calling it shows the row's nil behaviour.
func TestErrorMakers(t *testing.T) {
	byPath := loadTypes(t, "fmt", "errors", "github.com/pkg/errors")
	_, fun := lookups(t, byPath)
	for _, r := range knowledge.ErrorMakers() {
		fn := fun(r.Pkg, r.Name)
		if wraps, ok := knowledge.ErrorMaker(fn); !ok || wraps != r.Wraps {
			t.Errorf("ErrorMaker(%v) = %d, %v; want %d", fn, wraps, ok, r.Wraps)
		}
		if knowledge.CarriesError(fn) != r.Carries {
			t.Errorf("CarriesError(%v) = %v", fn, !r.Carries)
		}
		if knowledge.WrapsByVerb(fn) != r.ByVerb {
			t.Errorf("WrapsByVerb(%v) = %v", fn, !r.ByVerb)
		}
		sig := fn.Signature()
		if sig.Results().Len() != 1 || !isError(sig.Results().At(0).Type()) {
			t.Errorf("%v does not return one error", fn)
		}
		if r.Wraps >= 0 && (r.Wraps >= sig.Params().Len() || !isError(sig.Params().At(r.Wraps).Type())) {
			t.Errorf("%v: parameter %d is not an error", fn, r.Wraps)
		}
		call, ok := errorMakers[r.Pkg+"."+r.Name]
		if !ok {
			t.Errorf("no call of %s.%s in this test", r.Pkg, r.Name)
			continue
		}
		if isNil := call(nil) == nil; isNil != (r.Wraps >= 0) {
			t.Errorf("%s.%s with a nil error: nil %v, want %v", r.Pkg, r.Name, isNil, r.Wraps >= 0)
		}
		inner := errors.New("inner")
		if got := call(inner); got == nil {
			t.Errorf("%s.%s of an error is nil", r.Pkg, r.Name)
		} else if carries := strings.Contains(got.Error(), "inner") || errors.Is(got, inner); carries != r.Carries {
			t.Errorf("%s.%s(%q): %q carries it %v, want %v", r.Pkg, r.Name, inner, got, carries, r.Carries)
		}
	}
	if _, ok := knowledge.ErrorMaker(types.Universe.Lookup("error").Type().Underlying().(*types.Interface).Method(0)); ok {
		t.Error("error.Error is no maker")
	}
}
