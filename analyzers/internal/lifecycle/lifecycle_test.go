package lifecycle_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/lifecycle"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

// probe reports what the package recognises at each instruction, so that
// the fixture's "// want" comments pin every recogniser down.
var probe = &analysis.Analyzer{
	Name:     "lifecycleprobe",
	Doc:      "reports the lifecycle operations recognised",
	Requires: []*analysis.Analyzer{ssapkg.Analyzer, objects.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		h := objects.Of(pass)
		for _, fn := range ssapkg.Of(pass).SrcFuncs() {
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					report(pass, h, instr)
				}
			}
		}
		return nil, nil
	},
}

func report(pass *analysis.Pass, h lifecycle.Helpers, instr ssa.Instruction) {
	pos := instr.Pos()
	if op, ok := lifecycle.Addition(instr, h); ok {
		pass.Reportf(pos, "adds %q to %s", op.FinalizerName(), op.Obj.Name())
	}
	if op, ok := lifecycle.Removal(instr, h); ok {
		pass.Reportf(pos, "removes %q from %s", op.FinalizerName(), op.Obj.Name())
	}
	if obj, ok := lifecycle.DeletionRead(instr, h); ok {
		pass.Reportf(pos, "reads the deletion state of %s", obj.Name())
	}
	if ifi, ok := instr.(*ssa.If); ok {
		if obj, when, ok := lifecycle.DeletionTest(ifi.Cond, h); ok {
			pass.Reportf(ifi.Cond.Pos(), "tests the deletion of %s (terminating when %v)", obj.Name(), when)
		}
	}
	if call, ok := instr.(ssa.CallInstruction); ok {
		if fn := crapi.Callee(call.Common()); fn != nil {
			if i, ok := lifecycle.NameArg(fn); ok {
				pass.Reportf(pos, "name argument %d", i)
			}
		}
	}
}

func TestRecognisers(t *testing.T) {
	fixturetest.Run(t, probe, "./probe")
}

func TestStandardFinalizers(t *testing.T) {
	for _, n := range []string{"orphan", "foregroundDeletion", "kubernetes"} {
		if !lifecycle.StandardFinalizers[n] {
			t.Errorf("%q is a finalizer Kubernetes defines", n)
		}
	}
	if lifecycle.StandardFinalizers["cleanup"] {
		t.Error(`"cleanup" is no standard finalizer`)
	}
}
