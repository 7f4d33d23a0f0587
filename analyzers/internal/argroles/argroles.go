package argroles

import (
	"fmt"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/lifecycle"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

// Role is what a library does with a string argument.
type Role uint8

const (
	// FinalizerName is the name argument of controllerutil.AddFinalizer
	// and the other functions of lifecycle.NameArg, or an element of a
	// list stored in an object's finalizers.
	FinalizerName Role = iota
	// EventType is the type argument of an event recorder's method.
	EventType
	// EventReason is the reason argument of an event recorder's method.
	EventReason
	numRoles
)

var roleNames = [numRoles]string{"finalizerName", "eventType", "eventReason"}

func (r Role) String() string {
	if r < numRoles {
		return roleNames[r]
	}
	return fmt.Sprintf("Role(%d)", r)
}

// byRole holds, for each role, parameter indexes (without the receiver).
type byRole [numRoles][]int

// Params is the fact of an exported function of the module whose
// parameters ByRole[r] (indexes without the receiver) are given,
// unchanged up to conversions between string types, where a value of role
// r goes.
type Params struct {
	ByRole [numRoles][]int
}

// AFact marks Params as a fact.
func (*Params) AFact() {}

func (f *Params) String() string {
	var parts []string
	for r, ps := range f.ByRole {
		if len(ps) == 0 {
			continue
		}
		s := make([]string, len(ps))
		for i, p := range ps {
			s[i] = fmt.Sprint(p)
		}
		parts = append(parts, Role(r).String()+" "+strings.Join(s, ","))
	}
	return "params(" + strings.Join(parts, "; ") + ")"
}

// Analyzer learns the roles of the package's functions' parameters and
// exports the Params fact of the exported ones.
var Analyzer = &analysis.Analyzer{
	Name:       "argroles",
	Doc:        "learn which string parameters of the module's functions are finalizer names, event types or reasons",
	Requires:   []*analysis.Analyzer{ssapkg.Analyzer},
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(Params)},
	Run:        run,
}

// Result answers which arguments of a call have a role.
type Result struct {
	pass  *analysis.Pass
	local map[*types.Func]*byRole
}

// Of returns the Analyzer's result for pass.
func Of(pass *analysis.Pass) *Result {
	return pass.ResultOf[Analyzer].(*Result)
}

// Params returns the parameters of fn (indexes without the receiver)
// given where a value of role r goes: the library's own argument
// (lifecycle.NameArg, knowledge.EventMethod), or a helper's parameters, in
// this package or, through its fact, in another.
func (res *Result) Params(fn *types.Func, r Role) []int {
	if fn == nil {
		return nil
	}
	if o := fn.Origin(); o != nil {
		fn = o
	}
	if i, ok := library(fn, r); ok {
		return []int{i}
	}
	if fn.Pkg() == res.pass.Pkg {
		if b := res.local[fn]; b != nil {
			return b[r]
		}
		return nil
	}
	var f Params
	if fn.Pkg() != nil && res.pass.ImportObjectFact(fn, &f) {
		return f.ByRole[r]
	}
	return nil
}

// Library returns the argument of role r of fn when fn is a library
// function that takes one (not a helper of the module).
func Library(fn *types.Func, r Role) (int, bool) { return library(fn, r) }

// library returns the argument of role r of the library function fn.
func library(fn *types.Func, r Role) (int, bool) {
	switch r {
	case FinalizerName:
		return lifecycle.NameArg(fn)
	case EventType:
		if c, ok := knowledge.EventMethod(fn); ok {
			return c.Type, true
		}
	case EventReason:
		if c, ok := knowledge.EventMethod(fn); ok {
			return c.Reason, true
		}
	}
	return 0, false
}

func run(pass *analysis.Pass) (any, error) {
	res := &Result{pass: pass, local: map[*types.Func]*byRole{}}
	prog := ssapkg.Of(pass)
	if prog == nil || ssapkg.IsDependency(pass) {
		return res, nil // the libraries' own roles are library's
	}
	var funcs []*ssa.Function
	for _, fn := range prog.SrcFuncs() {
		if _, ok := fn.Object().(*types.Func); ok && fn.Parent() == nil && fn.Synthetic == "" && len(fn.Params) > 0 {
			funcs = append(funcs, fn)
		}
	}
	// A fixed point: helpers may call helpers declared later.
	for changed := true; changed; {
		changed = false
		for _, fn := range funcs {
			obj := fn.Object().(*types.Func)
			for r := range numRoles {
				for _, i := range given(fn, r, res) {
					b := res.local[obj]
					if b == nil {
						b = new(byRole)
						res.local[obj] = b
					}
					if !slices.Contains(b[r], i) {
						b[r] = append(b[r], i)
						changed = true
					}
				}
			}
		}
	}
	for _, fn := range funcs {
		obj := fn.Object().(*types.Func)
		b := res.local[obj]
		if b == nil || !obj.Exported() || ssapkg.InTestCode(pass, fn.Pos()) {
			continue
		}
		f := &Params{}
		for r, ps := range b {
			f.ByRole[r] = slices.Sorted(slices.Values(ps))
		}
		pass.ExportObjectFact(obj, f)
	}
	return res, nil
}

// given returns the string parameters of fn (indexes without the
// receiver) that fn's own body gives, unchanged up to conversions between
// string types, where a value of role r goes. A parameter combined with
// other text (domain + "/" + name), or captured by a closure, is not one:
// what reaches the call is not what the caller passed.
func given(fn *ssa.Function, r Role, res *Result) []int {
	recv := 0
	if fn.Signature.Recv() != nil {
		recv = 1
	}
	var out []int
	add := func(v ssa.Value) {
		p := ssaflow.ParamIndex(fn, ssaflow.StripConv(v)) - recv
		if p < 0 || slices.Contains(out, p) {
			return
		}
		if b, ok := fn.Params[p+recv].Type().Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
			out = append(out, p)
		}
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if _, ok := instr.(*ssa.Go); ok {
				continue
			}
			if r == FinalizerName {
				for _, v := range lifecycle.ListedFinalizers(instr) {
					add(v)
				}
			}
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			args := crapi.CallArgs(call.Common())
			for _, i := range res.Params(crapi.Callee(call.Common()), r) {
				if i >= 0 && i < len(args) {
					add(args[i])
				}
			}
		}
	}
	return out
}
