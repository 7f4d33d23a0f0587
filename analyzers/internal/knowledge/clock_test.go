package knowledge_test

import (
	"go/types"
	"strings"
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// rowFunc looks a row's function (recv "") or method up in the real
// package.
func rowFunc(t *testing.T, byPath map[string]*types.Package, pkg, recv, name string) *types.Func {
	t.Helper()
	method, fun := lookups(t, byPath)
	if recv == "" {
		return fun(pkg, name)
	}
	return method(pkg, recv, name)
}

// TestTimeRows: each row is a function or method of the real package,
// found by TimeOpOf, with the arity its operation reads.
func TestTimeRows(t *testing.T) {
	paths := map[string]bool{}
	for _, r := range knowledge.TimeRows() {
		paths[r.Pkg] = true
	}
	var list []string
	for p := range paths {
		list = append(list, p)
	}
	byPath := loadTypes(t, list...)
	for _, r := range knowledge.TimeRows() {
		fn := rowFunc(t, byPath, r.Pkg, r.Recv, r.Name)
		if got := knowledge.TimeOpOf(fn); got != r.Op {
			t.Errorf("TimeOpOf(%v) = %d, want %d", fn, got, r.Op)
		}
		params := fn.Signature().Params().Len()
		want := map[knowledge.TimeOp]int{
			knowledge.TimeNow: 0, knowledge.TimeSince: 1, knowledge.TimeUntil: 1, knowledge.TimeDiff: 1,
			knowledge.TimeCompare: 1, knowledge.TimeBefore: 1, knowledge.TimeAfter: 1, knowledge.TimeAdd: 1,
			knowledge.TimeWrap: 1, knowledge.DurationUnit: 0, knowledge.TimeCopy: 0,
		}
		if n, ok := want[r.Op]; ok && params != n {
			t.Errorf("%v takes %d parameters, its operation %d", fn, params, n)
		}
	}
	time := byPath["time"]
	if !knowledge.IsDuration(time.Scope().Lookup("Duration").Type()) || knowledge.IsDuration(time.Scope().Lookup("Time").Type()) {
		t.Error("IsDuration is wrong on time.Duration or time.Time")
	}
	// PureTime: the rows it excludes exist, and a computing function is
	// pure.
	for _, r := range knowledge.ImpureTimeRows() {
		if r.Recv == "*" || strings.HasSuffix(r.Name, "*") {
			continue
		}
		fn := rowFunc(t, byPath, r.Pkg, r.Recv, r.Name)
		if pure, ok := knowledge.PureTime(fn); pure || !ok {
			t.Errorf("PureTime(%v) = %v, %v", fn, pure, ok)
		}
	}
	for _, c := range []struct{ recv, name string }{{"Timer", "Reset"}, {"Ticker", "Stop"}, {"Time", "UnmarshalJSON"}} {
		fn := rowFunc(t, byPath, "time", c.recv, c.name)
		if pure, _ := knowledge.PureTime(fn); pure {
			t.Errorf("PureTime(%v) = true", fn)
		}
	}
	for _, c := range []struct{ recv, name string }{{"", "Unix"}, {"Time", "Add"}, {"Duration", "Seconds"}} {
		if pure, ok := knowledge.PureTime(rowFunc(t, byPath, "time", c.recv, c.name)); !pure || !ok {
			t.Errorf("PureTime(time %s.%s) = %v, %v", c.recv, c.name, pure, ok)
		}
	}
}

// TestSyncRows: each row exists in the real package and SyncRoleOf finds
// it; the sorting packages and the fresh contexts exist.
func TestSyncRows(t *testing.T) {
	list := append(knowledge.Sorters(), "sync", "time", "context", "sigs.k8s.io/controller-runtime/pkg/handler", "sigs.k8s.io/controller-runtime/pkg/predicate")
	byPath := loadTypes(t, list...)
	for _, r := range knowledge.SyncRows() {
		fn := rowFunc(t, byPath, r.Pkg, r.Recv, r.Name)
		if got := knowledge.SyncRoleOf(fn); got != r.Role {
			t.Errorf("SyncRoleOf(%v) = %d, want %d", fn, got, r.Role)
		}
	}
	if knowledge.SyncRoleOf(rowFunc(t, byPath, "sync", "Mutex", "Unlock")) != 0 {
		t.Error("Unlock takes no lock")
	}
	for _, p := range knowledge.Sorters() {
		if byPath[p] == nil {
			t.Errorf("sorting package %s not found", p)
		}
	}
	_, fun := lookups(t, byPath)
	if !knowledge.InSorter(fun("sort", "Strings")) || knowledge.InSorter(fun("context", "TODO")) {
		t.Error("InSorter is wrong")
	}
	for _, n := range knowledge.FreshContexts() {
		if !knowledge.FreshContext(fun("context", n)) {
			t.Errorf("FreshContext(context.%s) = false", n)
		}
	}
	if knowledge.FreshContext(fun("context", "WithCancel")) {
		t.Error("context.WithCancel carries its parent")
	}
}
