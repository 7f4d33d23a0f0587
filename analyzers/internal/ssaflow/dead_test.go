package ssaflow_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// deadSrc calls dead() in blocks no execution reaches and live() in
// blocks some execution does; each function is a shape, and each shape
// that is dead has a live twin.
const deadSrc = `package p

func get() error
func flag() bool
func dead()
func live()

const debug = false

// The memcached shape: "if r.Update(ctx, o); err != nil" inside
// "if err == nil" tests the same err.
func insideNil() {
	err := get()
	if err == nil {
		live()
		if err != nil {
			dead()
			if flag() {
				dead()
			}
			dead()
		}
		live()
	}
	live()
}

// The reverse, with an else.
func insideNonNil() {
	err := get()
	if err != nil {
		if err == nil {
			dead()
		} else {
			live()
		}
	}
}

// Negations and nil on the left.
func negated() {
	err := get()
	if !(err == nil) {
		if nil == err {
			dead()
		}
		if !(err != nil) {
			dead()
		}
		live()
	}
}

// A boolean tested twice.
func sameBool() {
	ok := flag()
	if ok {
		if !ok {
			dead()
		} else {
			live()
		}
	}
	if !ok {
		if ok {
			dead()
		}
		live()
	}
}

// Constant conditions.
func constants() {
	if debug {
		dead()
	}
	if !debug {
		live()
	} else {
		dead()
	}
}

// Twin: another value is tested.
func otherValue() {
	err, err2 := get(), get()
	if err == nil {
		if err2 != nil {
			live()
		}
	}
}

// Twin: err is assigned again in between.
func reassigned() {
	err := get()
	if err == nil {
		err = get()
		if err != nil {
			live()
		}
	}
}

// Twin: the body is also reached without the test (||).
func joined() {
	err := get()
	if err == nil || flag() {
		if err != nil {
			live()
		}
	}
}

// Twin: a variable in memory is loaded again: two values.
func inMemory() {
	var e error
	p := &e
	if *p == nil {
		*p = get()
		if *p != nil {
			live()
		}
	}
	_ = p
}

// In a loop: the value is computed again in each iteration, before its
// tests.
func loop() {
	for i := 0; i < 3; i++ {
		err := get()
		if err == nil {
			if err != nil {
				dead()
			}
			continue
		}
		live()
	}
}

// Twin: the tests are in different iterations.
func loopCarried() {
	var prev error
	for i := 0; i < 3; i++ {
		if prev == nil {
			live()
		}
		prev = get()
		if prev != nil {
			live()
		}
	}
}

// In a closure.
func closure() func() {
	return func() {
		err := get()
		if err == nil {
			if err != nil {
				dead()
			}
			live()
		}
	}
}
`

func TestDead(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", deadSrc, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	pkg, _, err := ssautil.BuildPackage(&types.Config{}, fset, types.NewPackage("p", "p"), []*ast.File{f}, ssa.SanityCheckFunctions)
	if err != nil {
		t.Fatal(err)
	}
	var funcs []*ssa.Function
	for _, m := range pkg.Members {
		if fn, ok := m.(*ssa.Function); ok && len(fn.Blocks) > 0 {
			funcs = append(funcs, fn)
			funcs = append(funcs, fn.AnonFuncs...)
		}
	}
	counts := map[string]int{}
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				callee := call.Call.StaticCallee()
				if callee == nil || (callee.Name() != "dead" && callee.Name() != "live") {
					continue
				}
				want := callee.Name() == "dead"
				counts[callee.Name()]++
				if got := ssaflow.Dead(b); got != want {
					t.Errorf("%s: %s() in block %d: Dead = %v, want %v", fset.Position(call.Pos()), callee.Name(), b.Index, got, want)
				}
			}
		}
	}
	// Guard against a source that no longer builds the shapes.
	if n := strings.Count(deadSrc, "dead()") - 1; counts["dead"] != n {
		t.Errorf("found %d calls of dead, want %d", counts["dead"], n)
	}
	if n := strings.Count(deadSrc, "live()") - 1; counts["live"] != n {
		t.Errorf("found %d calls of live, want %d", counts["live"], n)
	}
}

func TestDeadEdge(t *testing.T) {
	pkg := buildSSA(t, `package p
func get() error
func use()
func f() {
	err := get()
	if err == nil {
		if err != nil {
			use()
		}
		use()
	}
}
`)
	fn := pkg.Func("f")
	dead := 0
	for _, b := range fn.Blocks {
		for _, s := range b.Succs {
			if ssaflow.DeadEdge(b, s) {
				dead++
				if !ssaflow.Dead(s) {
					t.Errorf("edge %d -> %d is dead but block %d is live", b.Index, s.Index, s.Index)
				}
			}
		}
	}
	if dead != 1 {
		t.Errorf("%d dead edges, want 1", dead)
	}
	if ssaflow.Dead(nil) {
		t.Error("Dead(nil) = true")
	}
}

// HoldsAt sees the nil test on every path to a block, and not one that a
// join makes optional.
func TestHoldsAt(t *testing.T) {
	pkg := buildSSA(t, `package p
func get() error
func flag() bool
func inside()
func after()
func f() {
	err := get()
	if err == nil {
		if flag() {
			inside()
		}
	}
	after()
}
`)
	var errv ssa.Value
	want := map[string]bool{"inside": true, "after": false}
	seen := 0
	for _, b := range pkg.Func("f").Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || call.Call.StaticCallee() == nil {
				continue
			}
			name := call.Call.StaticCallee().Name()
			if name == "get" {
				errv = call
				continue
			}
			w, ok := want[name]
			if !ok {
				continue
			}
			seen++
			got := ssaflow.HoldsAt(b, func(cond ssa.Value, onTrue bool) bool {
				x, nilOnTrue, ok := ssaflow.NilTest(cond)
				return ok && x == errv && onTrue == nilOnTrue
			})
			if got != w {
				t.Errorf("%s(): HoldsAt(err == nil) = %v, want %v", name, got, w)
			}
		}
	}
	if seen != 2 {
		t.Errorf("saw %d calls, want 2", seen)
	}
}

// buildSSA type-checks and builds the one-file package src.
func buildSSA(t *testing.T, src string) *ssa.Package {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, _, err := ssautil.BuildPackage(&types.Config{}, fset, types.NewPackage("p", "p"), []*ast.File{f}, 0)
	if err != nil {
		t.Fatal(err)
	}
	return pkg
}

// UsedAsValue finds a function passed as an argument, not one only
// called; StaticCallers finds the calls of both.
func TestUsedAsValue(t *testing.T) {
	pkg := buildSSA(t, `package p
func called() {}
func passed() {}
func run(f func()) { f() }
func f() {
	called()
	run(passed)
	passed()
}
`)
	funcs := []*ssa.Function{pkg.Func("f"), pkg.Func("run")}
	used := ssaflow.UsedAsValue(funcs)
	if !used[pkg.Func("passed")] || used[pkg.Func("called")] {
		t.Errorf("UsedAsValue = %v, want passed only", used)
	}
	callers := ssaflow.StaticCallers(funcs)
	if len(callers[pkg.Func("called")]) != 1 || len(callers[pkg.Func("passed")]) != 1 {
		t.Errorf("StaticCallers: called %d, passed %d, want 1 and 1", len(callers[pkg.Func("called")]), len(callers[pkg.Func("passed")]))
	}
}

// TestHoldsOnEveryPath: a block entered from two edges that each test the
// value against another constant than 0 (case 1, 2: of a switch) holds
// "v != 0" though no single edge dominates it, which HoldsAt does not
// see; the default case, entered when v may be 0, does not hold it.
func TestHoldsOnEveryPath(t *testing.T) {
	pkg := buildSSA(t, `package p
func get() int
func some()
func other()
func f() {
	v := get()
	switch v {
	case 1, 2:
		some()
	default:
		other()
	}
}
`)
	var v ssa.Value
	want := map[string]bool{"some": true, "other": false}
	seen := 0
	for _, b := range pkg.Func("f").Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || call.Call.StaticCallee() == nil {
				continue
			}
			name := call.Call.StaticCallee().Name()
			if name == "get" {
				v = call
				continue
			}
			w, ok := want[name]
			if !ok {
				continue
			}
			seen++
			// cond, known to be onTrue, says v is not 0: v == k (k != 0)
			// on its true side.
			notZero := func(cond ssa.Value, onTrue bool) bool {
				bin, ok := cond.(*ssa.BinOp)
				if !ok || bin.Op != token.EQL || bin.X != v || !onTrue {
					return false
				}
				k, ok := bin.Y.(*ssa.Const)
				return ok && k.Int64() != 0
			}
			if got := ssaflow.HoldsOnEveryPath(b, notZero); got != w {
				t.Errorf("%s(): HoldsOnEveryPath(v != 0) = %v, want %v", name, got, w)
			}
			if name == "some" && ssaflow.HoldsAt(b, notZero) {
				t.Errorf("some(): HoldsAt(v != 0) = true: the two edges need HoldsOnEveryPath")
			}
		}
	}
	if seen != 2 {
		t.Errorf("saw %d calls, want 2", seen)
	}
}
