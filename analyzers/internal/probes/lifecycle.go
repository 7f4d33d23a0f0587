package probes

import (
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/lifecycle"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

// Lifecycle reports what the package recognises at each instruction, so that
// the fixture's "// want" comments pin every recogniser down.
var Lifecycle = &analysis.Analyzer{
	Name:     "lifecycleprobe",
	Doc:      "reports the lifecycle operations recognised",
	Requires: []*analysis.Analyzer{ssapkg.Analyzer, objects.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		h := objects.Of(pass)
		for _, fn := range ssapkg.Of(pass).SrcFuncs() {
			// The memoised scan is what the checks read: report from it,
			// and hold it to the recognisers it is built from.
			ev := h.Lifecycle(fn)
			if h.Lifecycle(fn) != ev {
				pass.Reportf(fn.Pos(), "Lifecycle is not memoised")
			}
			reads := map[ssa.Instruction]ssa.Value{}
			for _, r := range ev.Reads {
				reads[r.Instr] = r.Obj
			}
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					reportLifecycle(pass, h, ev, reads, instr)
				}
			}
			for _, br := range ev.Branches {
				if br.Terminating() == br.Live() || (br.Terminating() == br.Block.Succs[0]) != br.WhenDeleting {
					pass.Reportf(br.If.Cond.Pos(), "wrong terminating side")
				}
				pass.Reportf(br.If.Cond.Pos(), "tests the deletion of %s (terminating when %v)", br.Obj.Name(), br.WhenDeleting)
			}
		}
		return nil, nil
	},
}

func reportLifecycle(pass *analysis.Pass, h lifecycle.Helpers, ev *lifecycle.Events, reads map[ssa.Instruction]ssa.Value, instr ssa.Instruction) {
	pos := instr.Pos()
	op, ok := ev.AdditionAt(instr)
	if direct, dok := lifecycle.Addition(instr, h); dok != ok || direct != op {
		pass.Reportf(pos, "the scan disagrees with Addition")
	}
	if ok {
		pass.Reportf(pos, "adds %q to %s", op.FinalizerName(), op.Obj.Name())
	}
	if op, ok := lifecycle.ListAddition(instr); ok {
		pass.Reportf(pos, "list adds %q to %s", op.FinalizerName(), op.Obj.Name())
	}
	op, ok = ev.RemovalAt(instr)
	if direct, dok := lifecycle.Removal(instr, h); dok != ok || direct != op {
		pass.Reportf(pos, "the scan disagrees with Removal")
	}
	if ok {
		pass.Reportf(pos, "removes %q from %s", op.FinalizerName(), op.Obj.Name())
	}
	if obj, ok := reads[instr]; ok {
		pass.Reportf(pos, "reads the deletion state of %s", obj.Name())
	}
	if call, ok := instr.(ssa.CallInstruction); ok {
		if fn := crapi.Callee(call.Common()); fn != nil {
			if i, ok := lifecycle.NameArg(fn); ok {
				pass.Reportf(pos, "name argument %d", i)
			}
		}
	}
}

// Terminating reports, at each call of the fixture's mark(obj),
// whether obj is known terminating there, and for each of the fixture's
// helper... functions whether it runs only while an object is terminating
// and which of its parameters is terminating in every call; in its
// removal... functions, the finalizer removals made in a deletion branch.
var Terminating = &analysis.Analyzer{
	Name:     "terminatingprobe",
	Doc:      "reports where objects are known terminating",
	Requires: []*analysis.Analyzer{ssapkg.Analyzer, objects.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		objs := objects.Of(pass)
		funcs := ssapkg.Of(pass).SrcFuncs()
		callers := ssaflow.StaticCallers(funcs)
		for _, fn := range funcs {
			for call := range ssaflow.Calls(fn) {
				callee := call.Common().StaticCallee()
				if callee == nil || callee.Name() != "mark" || len(call.Common().Args) != 1 {
					continue
				}
				arg := ssaflow.Strip(call.Common().Args[0])
				if obj, ok := lifecycle.TerminatingSide(fn, call.Block(), objs, func(o ssa.Value) bool { return objs.Same(fn, o, arg) }); ok {
					pass.Reportf(call.Pos(), "terminating here: %s", obj.Name())
				}
			}
			if strings.HasPrefix(strings.ToLower(fn.Name()), "removal") {
				if op, ok := lifecycle.RemovedOnDeletion([]*ssa.Function{fn}, callers, objs, func(ssa.Value) bool { return true }); ok {
					pass.Reportf(op.Instr.Pos(), "finalizer removed on deletion")
				}
			}
			if !strings.HasPrefix(fn.Name(), "helper") {
				continue
			}
			for i, p := range fn.Params {
				if lifecycle.ParamTerminating(callers, fn, i, objs, objs.Same) {
					pass.Reportf(fn.Pos(), "%s is terminating in every call", p.Name())
				}
			}
			if obj, ok := lifecycle.CalledOnlyTerminating(callers, fn, objs, func(ssa.Value) bool { return true }); ok {
				pass.Reportf(fn.Pos(), "runs only while %s is terminating", obj.Name())
			}
		}
		return nil, nil
	},
}
