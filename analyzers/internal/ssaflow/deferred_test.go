package ssaflow_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// TestDeferredResults: the named results a deferred closure captures are
// found (they live on the heap, not among the function's locals), the
// closure's free variables map back to them, and its stores into the
// variable and into one of its fields are the ones listed; an unnamed
// result, a deferred method and a closure that is only called are not.
func TestDeferredResults(t *testing.T) {
	pkg := buildSSA(t, `package p
type R struct{ After int }
func (r R) done() {}
func named() (res R, err error) {
	defer func() {
		if err == nil {
			res = R{After: 1}
		}
		res.After = 2
	}()
	return R{}, nil
}
func unnamed() (R, error) {
	var r R
	defer r.done()
	func() { r.After = 1 }()
	return r, nil
}
`)
	fn := pkg.Func("named")
	res, errv := ssaflow.NamedResult(fn, 0), ssaflow.NamedResult(fn, 1)
	if res == nil || errv == nil || res.Comment != "res" || errv.Comment != "err" {
		t.Fatalf("NamedResult(named) = %v, %v; want the allocs of res and err", res, errv)
	}
	ds := ssaflow.DeferredClosures(fn)
	if len(ds) != 1 {
		t.Fatalf("DeferredClosures(named) = %d closures, want 1", len(ds))
	}
	fv := ds[0].FreeVarOf(res)
	if fv == nil || ds[0].FreeVarOf(errv) == nil {
		t.Fatal("FreeVarOf: the closure's variables for res and err not found")
	}
	if got := len(ssaflow.StoresInto(ds[0].Fn, fv)); got != 2 {
		t.Errorf("StoresInto(res) = %d stores, want 2 (the whole and the field)", got)
	}
	un := pkg.Func("unnamed")
	if ssaflow.NamedResult(un, 0) != nil {
		t.Error("NamedResult(unnamed) found a variable")
	}
	if got := ssaflow.DeferredClosures(un); len(got) != 0 {
		t.Errorf("DeferredClosures(unnamed) = %d, want 0 (a deferred method and a called closure)", len(got))
	}
}
