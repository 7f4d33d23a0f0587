package crapi

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// LogCall is what a call does as far as logging goes.
type LogCall int

const (
	// LogEffect is anything not known to be logging, which may act on its
	// arguments (retry, collect, record in a status, look an object up).
	LogEffect LogCall = iota
	// LogPure builds a message or a log argument, or tests an error;
	// nothing else (fmt.Sprintf, klog.KObj, err.Error(), a
	// NamespacedName's String()).
	LogPure
	// LogWrite writes a log line or an event.
	LogWrite
	// LogCarry returns a logger or a log entry that carries its
	// arguments (logr's WithValues, logrus's WithError, ctrl.LoggerInto)
	// and writes nothing itself.
	LogCarry
)

// ClassifyLogCall tells what the call cc does, by the package path and
// object of its callee and the knowledge table of logging libraries.
// droppederr reads it for an error only logged, enqueueobject for a
// request only logged.
func ClassifyLogCall(cc *ssa.CallCommon) LogCall {
	if b, ok := cc.Value.(*ssa.Builtin); ok {
		switch b.Name() {
		case "print", "println":
			return LogWrite
		case "len", "cap":
			return LogPure
		}
		return LogEffect // append, copy, delete, close, ...: the value is kept or acted on
	}
	if isLoggerFuncVar(cc.Value) {
		return LogCarry
	}
	fn := Callee(cc)
	if fn == nil {
		return LogEffect
	}
	sig := fn.Signature()
	isMethod := sig.Recv() != nil
	// Error() and String() only format (error's Error method, a
	// NamespacedName or a Duration in a log argument).
	if isMethod && (fn.Name() == "Error" || fn.Name() == "String") &&
		sig.Params().Len() == 0 && sig.Results().Len() == 1 &&
		types.Identical(sig.Results().At(0).Type(), types.Typ[types.String]) {
		return LogPure
	}
	if row, ok := knowledge.Logging(fn); ok {
		switch row.Role {
		case knowledge.LogEmits:
			return LogWrite
		case knowledge.LogBuilds:
			return LogCarry
		}
		return LogPure
	}
	if _, ok := knowledge.EventGroup(fn); ok {
		return LogWrite // recorder.Event, Eventf, AnnotatedEventf
	}
	return LogEffect
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
	return ok && IsLoggerVar(obj)
}
