package knowledge_test

import (
	"go/types"
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// TestTimerRows looks every timer row up in the real packages: a function
// with a function parameter at Arg for Reruns rows, a channel result for
// TimerChan rows, a pointer to a struct with a channel field for
// TimerValue rows; and the workqueue's enqueue methods on its rate-limited
// queue, the one a source is started with.
func TestTimerRows(t *testing.T) {
	paths := map[string]bool{}
	for _, r := range knowledge.TimerRows() {
		paths[r.Pkg] = true
	}
	wq, names := knowledge.EnqueueMethods()
	paths[wq] = true
	var list []string
	for p := range paths {
		list = append(list, p)
	}
	byPath := loadTypes(t, list...)
	for _, r := range knowledge.TimerRows() {
		pkg := byPath[r.Pkg]
		if pkg == nil {
			t.Fatalf("package %s not loaded", r.Pkg)
		}
		fn, ok := pkg.Scope().Lookup(r.Name).(*types.Func)
		if !ok {
			t.Errorf("row %+v: no such function", r)
			continue
		}
		if got, ok := knowledge.Timer(fn); !ok || got != r {
			t.Errorf("Timer(%v) = %+v, %v", fn, got, ok)
		}
		sig := fn.Signature()
		switch r.Role {
		case knowledge.Reruns:
			if r.Arg >= sig.Params().Len() {
				t.Errorf("row %+v: no argument %d", r, r.Arg)
			} else if _, ok := sig.Params().At(r.Arg).Type().Underlying().(*types.Signature); !ok {
				t.Errorf("row %+v: argument %d is no function", r, r.Arg)
			}
		case knowledge.TimerChan:
			if sig.Results().Len() != 1 {
				t.Errorf("row %+v: not one result", r)
			} else if _, ok := sig.Results().At(0).Type().Underlying().(*types.Chan); !ok {
				t.Errorf("row %+v: result is no channel", r)
			}
		case knowledge.TimerValue:
			if sig.Results().Len() != 1 || !hasChanField(sig.Results().At(0).Type()) {
				t.Errorf("row %+v: result has no channel field", r)
			}
		}
	}
	q := byPath[wq].Scope().Lookup("TypedRateLimitingInterface")
	if q == nil {
		t.Fatalf("%s.TypedRateLimitingInterface not found", wq)
	}
	for _, n := range names {
		m, _, _ := types.LookupFieldOrMethod(q.Type(), false, byPath[wq], n)
		fn, ok := m.(*types.Func)
		if !ok || !knowledge.Enqueues(fn) {
			t.Errorf("%s.TypedRateLimitingInterface.%s: %v, not an enqueue", wq, n, m)
		}
	}
	if get, _, _ := types.LookupFieldOrMethod(q.Type(), false, byPath[wq], "Get"); knowledge.Enqueues(get.(*types.Func)) {
		t.Error("Get takes an item off the queue")
	}
}

func hasChanField(t types.Type) bool {
	p, ok := t.(*types.Pointer)
	if !ok {
		return false
	}
	st, ok := p.Elem().Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if _, ok := st.Field(i).Type().Underlying().(*types.Chan); ok {
			return true
		}
	}
	return false
}
