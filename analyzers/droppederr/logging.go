package droppederr

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// callKind is what a call in a failing branch does.
type callKind int

const (
	// effect: anything not known to be logging, which may handle the
	// error (retry it, collect it, record it in a status).
	effect callKind = iota
	// pure: builds a logger, a message or a log argument, or tests the
	// error; nothing else.
	pure
	// emits: writes a log line or an event.
	emits
	// builds: returns a logger or a log entry that carries its arguments
	// (logr's WithValues, logrus's WithError), and writes nothing itself.
	builds
)

// classify tells what the call cc does, by the package path and object of
// its callee.
func classify(cc *ssa.CallCommon) callKind {
	if b, ok := cc.Value.(*ssa.Builtin); ok {
		switch b.Name() {
		case "print", "println":
			return emits
		case "len", "cap":
			return pure
		}
		return effect // append, copy, delete, close, ...: the error is kept or acted on
	}
	if isLoggerFuncVar(cc.Value) {
		return builds
	}
	fn := crapi.Callee(cc)
	if fn == nil {
		return effect
	}
	sig := fn.Signature()
	isMethod := sig.Recv() != nil
	// Error() and String() only format (error's Error method, a
	// NamespacedName or a Duration in a log argument).
	if isMethod && (fn.Name() == "Error" || fn.Name() == "String") &&
		sig.Params().Len() == 0 && sig.Results().Len() == 1 &&
		types.Identical(sig.Results().At(0).Type(), types.Typ[types.String]) {
		return pure
	}
	if row, ok := knowledge.Logging(fn); ok {
		switch row.Role {
		case knowledge.LogEmits:
			return emits
		case knowledge.LogBuilds:
			return builds
		}
		return pure
	}
	if _, ok := knowledge.EventGroup(fn); ok {
		return emits // recorder.Event, Eventf, AnnotatedEventf
	}
	return effect
}

// isLoggerFuncVar recognises a call through controller-runtime's
// package-level function variables ctrl.LoggerFrom and ctrl.LoggerInto:
// in SSA a load of the global, by its package path and object.
func isLoggerFuncVar(v ssa.Value) bool {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return false
	}
	g, ok := load.X.(*ssa.Global)
	if !ok {
		return false
	}
	obj, ok := g.Object().(*types.Var)
	return ok && crapi.IsLoggerVar(obj)
}
