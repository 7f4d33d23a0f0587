package objects

import (
	"go/types"
	"maps"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// MadeResult is a result of a constructor of the module: an object the
// function makes, with the fields it sets on it (for a caller's history,
// which starts at the call: controllerutil.CreateOrUpdate overwrites them).
type MadeResult struct {
	Result int
	Fields []string
	// Unversioned: the object is built from nothing and carries no
	// resourceVersion (Result.Unversioned).
	Unversioned bool
}

type madeKey struct {
	fn *ssa.Function
	k  int
}

// madeMemo is a constructor's answer; nil while it is being computed.
type madeMemo struct {
	fields map[string]bool
	ok     bool
}

// MadeFields returns the fields that the object start makes is given by
// its maker, when start is a call of a constructor of the module (in this
// package, or another through its fact) whose every return gives nil or an
// object it made, or nil: an allocation's stores are the caller's own
// changes, and another call's result is not known field by field.
func (r *Result) MadeFields(start ssa.Instruction) map[string]bool {
	if r.e == nil {
		return nil
	}
	v, ok := start.(ssa.Value)
	if !ok {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.e.constructed(v, 0)
}

// constructed returns the fields the constructor called by v (a call or
// the extraction of one of its results) sets on the object it returns.
func (e *engine) constructed(v ssa.Value, depth int) map[string]bool {
	callee, k := resultOf(v)
	if callee == nil {
		return nil
	}
	if f := e.funcs[callee]; f != nil {
		fields, _ := e.madeFields(f, k, depth+1)
		return fields
	}
	if s := e.importedSummary(callee); s != nil {
		for _, m := range s.MadeResults {
			if m.Result == k {
				out := map[string]bool{}
				for _, n := range m.Fields {
					out[n] = true
				}
				return out
			}
		}
	}
	return nil
}

// madeFields returns the fields fn certainly sets, on some path, on the
// object it returns as result k, and whether every return gives nil or an
// object fn made (allocated, or returned by a constructor), one at least.
func (e *engine) madeFields(fn *ssa.Function, k, depth int) (map[string]bool, bool) {
	key := madeKey{fn, k}
	if m, seen := e.made[key]; seen {
		if m == nil {
			return nil, false // recursion
		}
		return m.fields, m.ok
	}
	if depth > 4 {
		return nil, false
	}
	e.made[key] = nil
	fields, ok := map[string]bool{}, false
	id := e.identity(fn)
	for ret := range ssaflow.Returns(fn) {
		if k >= len(ret.Results) {
			ok = false
			break
		}
		v := ssaflow.Strip(ret.Results[k])
		if ssaflow.IsNil(v) {
			continue
		}
		made := true
		entry := e.walkBack(fn, ret, id.Key(v), nil, func(instr ssa.Instruction, eff Effect, ev Event) {
			switch ev {
			case None:
				for n := range eff.Names {
					if eff.Strong&ClassOfName(n) != 0 {
						fields[n] = true
					}
				}
			case Made:
				if val, isVal := instr.(ssa.Value); isVal {
					for n := range e.constructed(val, depth) {
						fields[n] = true
					}
				}
			default:
				made = false
			}
		})
		if entry || !made {
			ok = false
			break
		}
		ok = true
	}
	if !ok {
		fields = nil
	}
	e.made[key] = &madeMemo{fields: fields, ok: ok}
	return fields, ok
}

// madeResults are the results of fn for its fact: objects it makes with
// some fields set.
func (e *engine) madeResults(fn *ssa.Function) []MadeResult {
	var out []MadeResult
	res := fn.Signature.Results()
	for k := 0; k < res.Len(); k++ {
		if !ObjectParam(res.At(k).Type()) {
			continue
		}
		fields, ok := e.madeFields(fn, k, 0)
		unversioned := e.unversionedResult(fn, k)
		if ok && len(fields) > 0 || unversioned {
			out = append(out, MadeResult{Result: k, Fields: slices.Sorted(maps.Keys(fields)), Unversioned: unversioned})
		}
	}
	return out
}

// ClosureEffect tells what the function literal mc, made in fn, does to
// the object obj through the variables it captures; ok is false when it
// captures nothing of obj.
func (r *Result) ClosureEffect(fn *ssa.Function, mc *ssa.MakeClosure, obj ssa.Value) (Effect, bool) {
	if r.e == nil {
		return Effect{Weak: Unknown}, true
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	id := r.e.identity(fn)
	return r.e.closureEffect(id, mc, id.Key(obj))
}

// FuncValueEffect tells what the function value f, made in fn and handed
// to a library that calls it (a mutate function of CreateOrUpdate or
// CreateOrPatch), does to obj: a function or a literal that captures
// nothing cannot reach it (captures false); a literal, through the
// variables it captures (ClosureEffect). known is false for any other
// value (a parameter, a method value): what it does is not known.
func (r *Result) FuncValueEffect(fn *ssa.Function, f, obj ssa.Value) (eff Effect, captures, known bool) {
	switch v := ssaflow.Strip(f).(type) {
	case *ssa.Function:
		return Effect{}, false, true
	case *ssa.MakeClosure:
		if _, isFunc := v.Fn.(*ssa.Function); !isFunc || len(v.Bindings) == 0 {
			return Effect{}, false, false
		}
		eff, captures = r.ClosureEffect(fn, v, obj)
		return eff, captures, true
	}
	return Effect{}, false, false
}

// ParamEffect tells what the function f of the module (in this package,
// or another through its fact) does to its parameter i (SSA index: the
// receiver first), on any path, its own writes included.
func (r *Result) ParamEffect(f *types.Func, i int) (Effect, bool) {
	if r.e == nil {
		return Effect{Weak: Unknown}, false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if fn := r.e.funcs[f]; fn != nil {
		if i < 0 || i >= len(fn.Params) {
			return Effect{}, false
		}
		return r.e.summary(fn, fn.Params[i]), true
	}
	if s := r.e.importedSummary(f); s != nil && i >= 0 && i < len(s.Params) {
		p := s.Params[i]
		return apply(Part{Whole: true}, Effect{Strong: p.Strong, Weak: p.Weak}), true
	}
	return Effect{}, false
}
