package ssaflow

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// ErrorCarriers returns the values of fn that hold the error err: err
// itself, phis merging it, and wrappers of it (fmt.Errorf, pkg/errors).
func ErrorCarriers(fn *ssa.Function, err ssa.Value) map[ssa.Value]bool {
	set := map[ssa.Value]bool{err: true}
	// Only phis and wrapper calls can carry the error onwards.
	var cands []ssa.Value
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch v := instr.(type) {
			case *ssa.Phi:
				cands = append(cands, v)
			case *ssa.Call:
				if IsErrorWrapper(v) {
					cands = append(cands, v)
				}
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, v := range cands {
			if set[v] {
				continue
			}
			switch v := v.(type) {
			case *ssa.Phi:
				for _, e := range v.Edges {
					if set[e] {
						set[v], changed = true, true
						break
					}
				}
			case *ssa.Call:
				for c := range set {
					if PassedTo(c, v.Common()) {
						set[v], changed = true, true
						break
					}
				}
			}
		}
	}
	return set
}

// IsErrorWrapper reports whether call returns an error that wraps or annotates
// its error argument.
func IsErrorWrapper(call *ssa.Call) bool {
	return knowledge.CarriesError(crapi.Callee(call.Common()))
}

// NotFoundFiltered reports whether the edge from->to can only be taken
// when the error that carriers hold (ErrorCarriers) is not NotFound, or
// is nil: the other side of apierrors.IsNotFound(err) or
// client.IgnoreNotFound(err) compared with nil (crapi.NotFoundTest), the
// nil side of err != nil; or whether the condition looks at the error in
// a way not understood here (a helper, errors.Is, errors.As), which may
// well test for NotFound.
func NotFoundFiltered(from, to *ssa.BasicBlock, carriers map[ssa.Value]bool) bool {
	ifi, ok := Last(from).(*ssa.If)
	if !ok {
		return false
	}
	edge := 0
	if from.Succs[0] != to {
		edge = 1
	}
	if errv, nf, ok := crapi.NotFoundTest(ifi.Cond); ok && carriesAny(errv, carriers) {
		return edge != nf // the edge of an error that is not NotFound
	}
	if x, nilOnTrue, ok := NilTest(ifi.Cond); ok && carriers[x] {
		return (edge == 0) == nilOnTrue // nothing to return on the nil edge
	}
	return examinesError(ifi.Cond, carriers)
}

// carriesAny reports whether v, conversions stripped, is one of the
// carriers.
func carriesAny(v ssa.Value, carriers map[ssa.Value]bool) bool {
	return carriers[v] || carriers[Strip(v)]
}

// examinesError reports whether cond is computed by a call that takes
// the error, other than the apierrors predicates that cannot mean
// NotFound (IsConflict, IsAlreadyExists...).
func examinesError(cond ssa.Value, carriers map[ssa.Value]bool) bool {
	found := false
	var visit func(v ssa.Value, depth int)
	visit = func(v ssa.Value, depth int) {
		if found || depth > 8 {
			return
		}
		switch v := v.(type) {
		case *ssa.Call:
			fn := crapi.Callee(v.Common())
			if fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == crapi.APIErrorsPkg && fn.Name() != "IsNotFound" {
				return
			}
			for c := range carriers {
				if PassedTo(c, v.Common()) {
					found = true
					return
				}
			}
			for _, a := range v.Call.Args {
				visit(a, depth+1)
			}
		case *ssa.UnOp:
			visit(v.X, depth+1)
		case *ssa.BinOp:
			visit(v.X, depth+1)
			visit(v.Y, depth+1)
		case *ssa.Phi:
			for _, e := range v.Edges {
				visit(e, depth+1)
			}
		case *ssa.Extract:
			visit(v.Tuple, depth+1)
		}
	}
	visit(cond, 0)
	return found
}

// isNotFoundCall reports whether cond is apierrors.IsNotFound(...), or
// its negation.
func isNotFoundCall(cond ssa.Value) bool {
	if not, ok := cond.(*ssa.UnOp); ok && not.Op == token.NOT {
		cond = not.X
	}
	_, ok := crapi.IsCallTo(cond, crapi.APIErrorsPkg, "IsNotFound")
	return ok
}

// madeError reports whether v is an error made where it is returned:
// errors.New(...), fmt.Errorf(...) given no error, or a package
// variable (a sentinel error).
func madeError(v ssa.Value) bool {
	switch x := Strip(v).(type) {
	case *ssa.Call:
		if _, ok := crapi.IsCallTo(x, "errors", "New"); ok {
			return true
		}
		if _, ok := crapi.IsCallTo(x, "fmt", "Errorf"); ok {
			for _, a := range x.Call.Args[1:] {
				elems, ok := VariadicElems(a)
				if !ok {
					return false
				}
				for _, e := range elems {
					if crapi.IsError(Strip(e).Type()) {
						return false // it carries an error given to it
					}
				}
			}
			return true
		}
	case *ssa.UnOp:
		_, ok := x.X.(*ssa.Global)
		return ok && x.Op == token.MUL
	}
	return false
}

// NotFoundReturn is a return whose error result may stand for a NotFound
// error (NotFoundReturns).
type NotFoundReturn struct {
	Ret *ssa.Return
	// Made: the error returned is another one, made on the side of a
	// test that says the error is NotFound (errors.New("... not found")).
	Made bool
}

// NotFoundReturns returns the returns of fn, in block order, whose error
// result (the last) may stand for the NotFound error err holds: err
// itself or a wrapper of it (ErrorCarriers) reached from err's block by
// no edge NotFoundFiltered cuts, or an error made there (errors.New, a
// sentinel) on the side of apierrors.IsNotFound(err) where it is.
func NotFoundReturns(fn *ssa.Function, err ssa.Value) []NotFoundReturn {
	def, ok := err.(ssa.Instruction)
	if !ok || def.Block() == nil {
		return nil
	}
	carriers := ErrorCarriers(fn, err)
	reach := Reachable(def.Block(), func(from, to *ssa.BasicBlock) bool {
		return NotFoundFiltered(from, to, carriers)
	})
	// The sides where apierrors.IsNotFound says err is NotFound (not
	// the nil side of client.IgnoreNotFound(err), where err may be nil).
	var nfSides []*ssa.BasicBlock
	for _, b := range fn.Blocks {
		ifi, ok := Last(b).(*ssa.If)
		if !ok || !isNotFoundCall(ifi.Cond) {
			continue
		}
		if errv, nf, ok := crapi.NotFoundTest(ifi.Cond); ok && carriesAny(errv, carriers) && len(b.Succs[nf].Preds) == 1 {
			nfSides = append(nfSides, b.Succs[nf])
		}
	}
	var out []NotFoundReturn
	for _, b := range fn.Blocks {
		ret, ok := Last(b).(*ssa.Return)
		if !ok || len(ret.Results) == 0 {
			continue
		}
		ev := Returned(ret.Results[len(ret.Results)-1])
		if !crapi.IsError(ev.Type()) {
			continue
		}
		if reach[b] && carriers[ev] {
			out = append(out, NotFoundReturn{Ret: ret})
			continue
		}
		if !madeError(ev) {
			continue
		}
		for _, side := range nfSides {
			if side.Dominates(b) {
				out = append(out, NotFoundReturn{Ret: ret, Made: true})
				break
			}
		}
	}
	return out
}
