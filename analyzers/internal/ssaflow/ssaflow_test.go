package ssaflow_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// flowSrc holds one shape per function; each calls a probe whose
// arguments are the values asked about. Every shape that answers yes has a
// twin that answers no.
const flowSrc = `package p

type T struct{ Name, Kind string; Sub *T }

func (t *T) Copy() *T { return &T{Name: t.Name} }

type Obj interface{ GetName() string }

func (t *T) GetName() string { return t.Name }

func uses(v any, root *T)
func strip(v Obj, root *T)
func cond(b bool)
func vf(xs ...any)
func wrap(format string, args ...any) error
func a()
func b()
func two() (*T, error)
func use(v any)

var sentinel error

func deriveField(r, other *T)   { uses(r.Name, r) }
func deriveOther(r, other *T)   { uses(other.Name, r) }
func deriveStruct(r, other *T)  { uses(T{Name: r.Name}, r) }
func deriveCall(r, other *T)    { uses(r.Copy(), r) }
func derivePhi(r, other *T, c bool) {
	x := other.Name
	if c {
		x = r.Kind
	}
	uses(x, r)
}
func deriveCompare(r, other *T) { uses(len(r.Name) > 0, r) }
func apply(name string) error
func parse(name string) (int, error)
func deriveErr(r, other *T)     { uses(apply(r.Name) != nil, r) }
func deriveParsed(r, other *T)  { n, _ := parse(r.Name); uses(n > 0, r) }
func deriveParseErr(r, other *T) { _, err := parse(r.Name); uses(err == nil, r) }

func stripIface(r *T)  { var o Obj = r; strip(o, r) }
func stripCopy(r *T)   { strip(r.Copy(), r) }

func nilNe(err error) { cond(err != nil) }
func nilEq(err error) { cond(err == nil) }
func nilLeft(err error) { cond(nil == err) }
func nilSentinel(err error) { cond(err == sentinel) }
func branchNe(err error) { if err != nil { a() } else { b() } }
func branchEq(err error) { if err == nil { a() } else { b() } }
func branchSentinel(err error) { if err == sentinel { a() } }

func variadicLit(x, y *T)      { vf(x, y) }
func variadicSpread(xs []any) { vf(xs...) }

func passedW(err error)     { _ = wrap("%w", err) }
func passedOther(err error) { _ = wrap("x", sentinel) }

func sequence()          { a(); b() }
func loop(n int) {
	for i := 0; i < n; i++ {
		b()
		a()
	}
}

func extractErr() { _, err := two(); use(err) }

func storesOnce() { var v *T; v, _ = two(); use(&v) }
func storesTwice(c bool) {
	var v *T
	v, _ = two()
	if c {
		v = nil
	}
	use(&v)
}

func fieldAddr(t *T) { t.Sub = nil }

func deferAndGo() { defer a(); go b(); a(); func() { b() }() }
`

// calls returns the calls of fn to the package function named callee.
func calls(t *testing.T, pkg *ssa.Package, fn, callee string) []*ssa.Call {
	t.Helper()
	f := pkg.Func(fn)
	if f == nil {
		t.Fatalf("no function %s", fn)
	}
	var out []*ssa.Call
	for c := range ssaflow.Calls(f) {
		if call, ok := c.(*ssa.Call); ok && call.Call.StaticCallee() == pkg.Func(callee) {
			out = append(out, call)
		}
	}
	if len(out) == 0 {
		t.Fatalf("%s calls no %s", fn, callee)
	}
	return out
}

func TestDerivesFromAndDependsOn(t *testing.T) {
	pkg := buildSSA(t, flowSrc)
	for _, tc := range []struct {
		fn               string
		derives, depends bool
	}{
		{"deriveField", true, true},
		{"deriveOther", false, false},
		{"deriveStruct", true, true},
		{"deriveCall", true, true},
		{"derivePhi", true, true},
		{"deriveCompare", false, true}, // comparisons are DependsOn's only
		{"deriveErr", false, true},
		{"deriveParsed", false, true},
		{"deriveParseErr", false, true},
	} {
		args := calls(t, pkg, tc.fn, "uses")[0].Call.Args
		v, root := args[0], args[1]
		if got := ssaflow.DerivesFrom(v, root); got != tc.derives {
			t.Errorf("%s: DerivesFrom = %v, want %v", tc.fn, got, tc.derives)
		}
		if got := ssaflow.DependsOn(v, map[ssa.Value]bool{root: true}); got != tc.depends {
			t.Errorf("%s: DependsOn = %v, want %v", tc.fn, got, tc.depends)
		}
		// DependsOnValue: not through a call's error.
		wantValue := tc.depends && tc.fn != "deriveErr" && tc.fn != "deriveParseErr"
		if got := ssaflow.DependsOnValue(v, map[ssa.Value]bool{root: true}); got != wantValue {
			t.Errorf("%s: DependsOnValue = %v, want %v", tc.fn, got, wantValue)
		}
	}
}

// Strip sees through the conversion to an interface, not through a call
// that makes another object.
func TestStrip(t *testing.T) {
	pkg := buildSSA(t, flowSrc)
	for fn, same := range map[string]bool{"stripIface": true, "stripCopy": false} {
		args := calls(t, pkg, fn, "strip")[0].Call.Args
		if got := ssaflow.Strip(args[0]) == args[1]; got != same {
			t.Errorf("%s: Strip(%v) is the root: %v, want %v", fn, args[0], got, same)
		}
		if got := ssaflow.StripConv(args[0]) == args[1]; got != same {
			t.Errorf("%s: StripConv(%v) is the root: %v, want %v", fn, args[0], got, same)
		}
	}
}

func TestNilTest(t *testing.T) {
	pkg := buildSSA(t, flowSrc)
	for _, tc := range []struct {
		fn            string
		ok, nilOnTrue bool
	}{
		{"nilNe", true, false},
		{"nilEq", true, true},
		{"nilLeft", true, true},
		{"nilSentinel", false, false},
	} {
		c := calls(t, pkg, tc.fn, "cond")[0].Call.Args[0]
		x, nilOnTrue, ok := ssaflow.NilTest(c)
		if ok != tc.ok || ok && (nilOnTrue != tc.nilOnTrue || x != pkg.Func(tc.fn).Params[0]) {
			t.Errorf("%s: NilTest = %v, %v, %v; want the parameter, %v, %v", tc.fn, x, nilOnTrue, ok, tc.nilOnTrue, tc.ok)
		}
	}
}

// NilBranches finds the Ifs on a nil test and which side is nil: a() runs
// where err is not nil in branchNe, where it is in branchEq; a comparison
// with another value is no nil test.
func TestNilBranches(t *testing.T) {
	pkg := buildSSA(t, flowSrc)
	for _, tc := range []struct {
		fn       string
		n        int
		aWhenNil bool
	}{
		{"branchNe", 1, false},
		{"branchEq", 1, true},
		{"branchSentinel", 0, false},
	} {
		fn := pkg.Func(tc.fn)
		nbs := ssaflow.NilBranches(fn)
		if len(nbs) != tc.n {
			t.Errorf("%s: %d nil branches, want %d", tc.fn, len(nbs), tc.n)
			continue
		}
		if tc.n == 0 {
			continue
		}
		nb := nbs[0]
		aBlock := calls(t, pkg, tc.fn, "a")[0].Block()
		if nb.X != fn.Params[0] || (nb.Nil == aBlock) != tc.aWhenNil || (nb.NonNil == aBlock) == tc.aWhenNil {
			t.Errorf("%s: X %v, nil side %v, non-nil side %v; a() in %v, want it on the nil side: %v", tc.fn, nb.X, nb.Nil, nb.NonNil, aBlock, tc.aWhenNil)
		}
	}
}

// VariadicElems knows the elements of f(x, y), not of f(xs...); PassedTo
// finds an error among the variadic arguments.
func TestVariadic(t *testing.T) {
	pkg := buildSSA(t, flowSrc)
	lit := pkg.Func("variadicLit")
	elems, ok := ssaflow.VariadicElems(calls(t, pkg, "variadicLit", "vf")[0].Call.Args[0])
	if !ok || len(elems) != 2 || ssaflow.Strip(elems[0]) != lit.Params[0] || ssaflow.Strip(elems[1]) != lit.Params[1] {
		t.Errorf("VariadicElems(vf(x, y)) = %v, %v", elems, ok)
	}
	if elems, ok := ssaflow.VariadicElems(calls(t, pkg, "variadicSpread", "vf")[0].Call.Args[0]); ok {
		t.Errorf("VariadicElems(vf(xs...)) = %v, true", elems)
	}
	for fn, want := range map[string]bool{"passedW": true, "passedOther": false} {
		call := calls(t, pkg, fn, "wrap")[0]
		if got := ssaflow.PassedTo(pkg.Func(fn).Params[0], call.Common()); got != want {
			t.Errorf("%s: PassedTo = %v, want %v", fn, got, want)
		}
	}
}

// MayPrecede follows the order in a block and the edges between blocks,
// round a loop too.
func TestMayPrecede(t *testing.T) {
	pkg := buildSSA(t, flowSrc)
	a, b := calls(t, pkg, "sequence", "a")[0], calls(t, pkg, "sequence", "b")[0]
	if !ssaflow.MayPrecede(a, b) || ssaflow.MayPrecede(b, a) {
		t.Errorf("sequence: a before b %v, b before a %v", ssaflow.MayPrecede(a, b), ssaflow.MayPrecede(b, a))
	}
	a, b = calls(t, pkg, "loop", "a")[0], calls(t, pkg, "loop", "b")[0]
	if !ssaflow.MayPrecede(a, b) || !ssaflow.MayPrecede(b, a) {
		t.Errorf("loop: a before b %v, b before a %v, want both", ssaflow.MayPrecede(a, b), ssaflow.MayPrecede(b, a))
	}
}

// TestCallIterators: Calls yields every call instruction of the function
// itself, go and defer included; PlainCalls only its ordinary calls;
// neither the calls inside its closures.
func TestCallIterators(t *testing.T) {
	pkg := buildSSA(t, flowSrc)
	f := pkg.Func("deferAndGo")
	var all, plain []string
	for c := range ssaflow.Calls(f) {
		all = append(all, callName(c.Common()))
	}
	for c := range ssaflow.PlainCalls(f) {
		plain = append(plain, callName(c.Common()))
	}
	if got, want := strings.Join(all, " "), "a b a deferAndGo$1"; got != want {
		t.Errorf("Calls = %q, want %q", got, want)
	}
	if got, want := strings.Join(plain, " "), "a deferAndGo$1"; got != want {
		t.Errorf("PlainCalls = %q, want %q", got, want)
	}
}

func callName(cc *ssa.CallCommon) string {
	if f := cc.StaticCallee(); f != nil {
		return f.Name()
	}
	return cc.Value.Name()
}

func TestExtractAndStores(t *testing.T) {
	pkg := buildSSA(t, flowSrc)
	call := calls(t, pkg, "extractErr", "two")[0]
	if e, ok := ssaflow.Extract(call, 1).(*ssa.Extract); !ok || e.Index != 1 || ssaflow.Extract(call, 2) != nil {
		t.Errorf("Extract: err %v, a third result %v", ssaflow.Extract(call, 1), ssaflow.Extract(call, 2))
	}
	for fn, once := range map[string]bool{"storesOnce": true, "storesTwice": false} {
		alloc, ok := ssaflow.Strip(calls(t, pkg, fn, "use")[0].Call.Args[0]).(*ssa.Alloc)
		if !ok {
			t.Fatalf("%s: use's argument is not a local", fn)
		}
		if got := ssaflow.StoresOnce(alloc) != nil; got != once {
			t.Errorf("%s: StoresOnce found one %v, want %v (stores: %d)", fn, got, once, len(ssaflow.StoresTo(alloc)))
		}
	}
}

func TestFieldKey(t *testing.T) {
	pkg := buildSSA(t, flowSrc)
	var key string
	for _, b := range pkg.Func("fieldAddr").Blocks {
		for _, instr := range b.Instrs {
			if st, ok := instr.(*ssa.Store); ok {
				key = ssaflow.FieldKey(st.Addr)
				if fa, ok := st.Addr.(*ssa.FieldAddr); ok {
					if name := ssaflow.FieldName(fa.X.Type(), fa.Field); name != "Sub" {
						t.Errorf("FieldName = %q, want Sub", name)
					}
				}
			}
		}
	}
	if key != "p.T.Sub" {
		t.Errorf("FieldKey(&t.Sub) = %q, want p.T.Sub", key)
	}
	if got := ssaflow.FieldKey(pkg.Func("fieldAddr").Params[0]); got != "" {
		t.Errorf("FieldKey(t) = %q, want none", got)
	}
}

const funcSrc = `package p

type cond func() bool

type R struct{}

func (r *R) m() bool { return true }

func take(f cond)
func takeAny(f any)
func declared() bool { return true }
func values() func() bool

func viaDeclared() { take(declared) }
func viaClosure(x int) { take(func() bool { return x > 0 }) }
func viaMethod(r *R) { take(r.m) }
func viaAny()      { takeAny(declared) }
func viaCall()     { take(values()) }
`

// FuncOf sees through conversions to a named func type and to an
// interface; a function value computed by a call is not known.
func TestFuncOf(t *testing.T) {
	pkg := buildSSA(t, funcSrc)
	for fn, want := range map[string]string{
		"viaDeclared": "declared",
		"viaClosure":  "viaClosure$1",
		"viaMethod":   "m$bound",
		"viaAny":      "declared",
		"viaCall":     "",
	} {
		callee := "take"
		if fn == "viaAny" {
			callee = "takeAny"
		}
		got := ssaflow.FuncOf(calls(t, pkg, fn, callee)[0].Call.Args[0])
		name := ""
		if got != nil {
			name = got.Name()
		}
		if name != want {
			t.Errorf("FuncOf in %s = %q, want %q", fn, name, want)
		}
	}
}
