package argroles

import (
	"fmt"
	"go/token"
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
	// StrictReason is the reason argument of a recorder whose events the
	// API server validates as events.k8s.io/v1 events (knowledge.EventCall's
	// Strict): it must not be empty.
	StrictReason
	// StrictAction is the action argument of such a recorder.
	StrictAction
	// RecorderName is the name given to a constructor of an events API
	// recorder (knowledge.RecorderNameArg): the reportingController of its
	// events.
	RecorderName
	numRoles
)

var roleNames = [numRoles]string{"finalizerName", "eventType", "eventReason", "strictReason", "strictAction", "recorderName"}

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

// Field is the fact of an exported field of an exported struct type of
// the module whose value is read and given, unchanged up to conversions
// between string types, where a value of role ByRole[r] goes: whatever a
// caller puts in the field ends there (korifi's
// k8s.FinalizerDescriptor.FinalizerName, read by its finalizer webhook and
// given to AddFinalizer).
type Field struct {
	ByRole [numRoles]bool
}

// AFact marks Field as a fact.
func (*Field) AFact() {}

func (f *Field) String() string {
	var parts []string
	for r, ok := range f.ByRole {
		if ok {
			parts = append(parts, Role(r).String())
		}
	}
	return "field(" + strings.Join(parts, "; ") + ")"
}

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
// struct fields, and exports the Params fact of the exported functions and
// the Field fact of the exported fields.
var Analyzer = &analysis.Analyzer{
	Name:       "argroles",
	Doc:        "learn which string parameters of the module's functions are finalizer names, event types or reasons",
	Requires:   []*analysis.Analyzer{ssapkg.Analyzer},
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(Params), new(Field)},
	Run:        run,
}

// Result answers which arguments of a call have a role.
type Result struct {
	pass  *analysis.Pass
	local map[*types.Func]*byRole
	// fields: the roles of the module's struct fields read in this
	// package (declared here or in another package of the module).
	fields map[*types.Var]*[numRoles]bool
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

// Field reports whether the struct field v carries a value of role r: a
// field of the module that code of this package, or (through its Field
// fact) of the package declaring it, reads and gives where a value of
// role r goes. A constant stored in it, in a composite literal or by an
// assignment, then has role r.
func (res *Result) Field(v *types.Var, r Role) bool {
	if v == nil || !v.IsField() {
		return false
	}
	v = v.Origin()
	if b := res.fields[v]; b != nil && b[r] {
		return true
	}
	var f Field
	return v.Pkg() != nil && v.Pkg() != res.pass.Pkg && res.pass.ImportObjectFact(v, &f) && f.ByRole[r]
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
	case StrictReason:
		if c, ok := knowledge.EventMethod(fn); ok && c.Strict {
			return c.Reason, true
		}
	case StrictAction:
		if c, ok := knowledge.EventMethod(fn); ok && c.Strict && c.Action >= 0 {
			return c.Action, true
		}
	case RecorderName:
		return knowledge.RecorderNameArg(fn)
	}
	return 0, false
}

func run(pass *analysis.Pass) (any, error) {
	res := &Result{pass: pass, local: map[*types.Func]*byRole{}, fields: map[*types.Var]*[numRoles]bool{}}
	prog := ssapkg.Of(pass)
	if prog == nil || ssapkg.IsDependency(pass) {
		return res, nil // the libraries' own roles are library's
	}
	var funcs []*ssa.Function
	for _, fn := range prog.SrcFuncs() {
		if fn.Synthetic == "" {
			funcs = append(funcs, fn)
		}
	}
	// A fixed point: helpers may call helpers declared later, and a field
	// read in one function may be stored from another's parameter.
	for changed := true; changed; {
		changed = false
		for _, fn := range funcs {
			obj, _ := fn.Object().(*types.Func)
			helper := obj != nil && fn.Parent() == nil && len(fn.Params) > 0
			// A field a test reads into AddFinalizer names nothing the
			// controller adds.
			test := ssapkg.InTestCode(pass, fn.Pos())
			for r := range numRoles {
				ps, fs := given(fn, r, res)
				if helper {
					for _, i := range ps {
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
				for _, f := range fs {
					if test || !res.moduleField(f) {
						continue
					}
					b := res.fields[f]
					if b == nil {
						b = new([numRoles]bool)
						res.fields[f] = b
					}
					if !b[r] {
						b[r] = true
						changed = true
					}
				}
			}
		}
	}
	for _, fn := range funcs {
		obj, _ := fn.Object().(*types.Func)
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
	for v, b := range res.fields {
		// Only a field of an exported type can be set in another package.
		if v.Pkg() == pass.Pkg && v.Exported() && exportedOwner(pass.Pkg, v) {
			pass.ExportObjectFact(v, &Field{ByRole: *b})
		}
	}
	return res, nil
}

// moduleField reports whether the roles of field v are this package's to
// learn: a field of the module (not a library's, which the module's code
// may read for any purpose: an ObjectMeta's Name given as a finalizer name
// makes no other object's name one).
func (res *Result) moduleField(v *types.Var) bool {
	return v.Pkg() != nil && (v.Pkg() == res.pass.Pkg || ssapkg.InModule(res.pass, v.Pkg().Path()))
}

// exportedOwner reports whether v is a field of an exported struct type
// declared at the top level of pkg.
func exportedOwner(pkg *types.Package, v *types.Var) bool {
	for _, name := range pkg.Scope().Names() {
		tn, ok := pkg.Scope().Lookup(name).(*types.TypeName)
		if !ok || !tn.Exported() {
			continue
		}
		if st, ok := tn.Type().Underlying().(*types.Struct); ok {
			for i := range st.NumFields() {
				if st.Field(i) == v {
					return true
				}
			}
		}
	}
	return false
}

// given returns the string parameters of fn (indexes without the
// receiver) and the struct fields that fn's own body gives, unchanged up to
// conversions between string types, where a value of role r goes: the
// parameters given, the fields read and given. A parameter combined with
// other text (domain + "/" + name), or captured by a closure, is not one:
// what reaches the call is not what the caller passed. A parameter stored
// in a field of role r is given (the constructor of korifi's
// NamespaceFinalizer keeps its finalizerName for Finalize).
func given(fn *ssa.Function, r Role, res *Result) (params []int, fields []*types.Var) {
	recv := 0
	if fn.Signature.Recv() != nil {
		recv = 1
	}
	add := func(v ssa.Value) {
		v = ssaflow.StripConv(v)
		if f := loaded(v); f != nil {
			if b, ok := f.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 && !slices.Contains(fields, f) {
				fields = append(fields, f)
			}
			return
		}
		p := ssaflow.ParamIndex(fn, v) - recv
		if p < 0 || slices.Contains(params, p) {
			return
		}
		if b, ok := fn.Params[p+recv].Type().Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
			params = append(params, p)
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
			if st, ok := instr.(*ssa.Store); ok {
				if fa, ok := st.Addr.(*ssa.FieldAddr); ok && res.Field(ssaflow.Field(fa.X.Type(), fa.Field), r) {
					add(st.Val)
				}
				continue
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
	return params, fields
}

// loaded returns the struct field v reads (x.f of a struct value, or a
// load of &x.f), as declared (the origin of a generic type's field).
func loaded(v ssa.Value) *types.Var {
	var f *types.Var
	switch x := v.(type) {
	case *ssa.Field:
		f = ssaflow.Field(x.X.Type(), x.Field)
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			f = ssaflow.Field(fa.X.Type(), fa.Field)
		}
	}
	if f == nil {
		return nil
	}
	return f.Origin()
}
