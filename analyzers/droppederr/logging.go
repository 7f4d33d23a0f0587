package droppederr

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
)

// Package paths of the logging APIs a failing branch may call.
const (
	logrPkg    = "github.com/go-logr/logr"
	crLogPkg   = "sigs.k8s.io/controller-runtime/pkg/log"
	klogPkg    = "k8s.io/klog/v2"
	klogV1Pkg  = "k8s.io/klog"
	zapPkg     = "go.uber.org/zap"
	logrusPkg  = "github.com/sirupsen/logrus"
	recordPkg  = "k8s.io/client-go/tools/record"
	eventsPkg  = "k8s.io/client-go/tools/events"
	metaV1Pkg  = "k8s.io/apimachinery/pkg/apis/meta/v1"
	stdLogPkg  = "log"
	stdSlogPkg = "log/slog"
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
		return pure
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
	if fn.Pkg() == nil {
		return effect
	}
	name := fn.Name()
	switch fn.Pkg().Path() {
	case "fmt":
		switch name {
		case "Print", "Printf", "Println":
			return emits
		case "Sprint", "Sprintf", "Sprintln", "Errorf":
			return pure
		}
	case logrPkg:
		if isMethod && (name == "Info" || name == "Error") {
			return emits
		}
		return pure // FromContext, V, WithValues, WithName, ...
	case crLogPkg:
		if name == "FromContext" || name == "IntoContext" {
			return pure
		}
	case klogPkg, klogV1Pkg:
		if hasPrefix(name, "Info", "Warning", "Error", "Fatal", "Exit") {
			return emits
		}
		return pure // V, KObj, KRef, FromContext, ...
	case stdLogPkg:
		if hasPrefix(name, "Print", "Fatal", "Panic") || name == "Output" {
			return emits
		}
		if name == "Default" || name == "New" || name == "Prefix" || name == "Flags" || name == "Writer" {
			return pure
		}
	case stdSlogPkg:
		switch name {
		case "Debug", "DebugContext", "Info", "InfoContext", "Warn", "WarnContext",
			"Error", "ErrorContext", "Log", "LogAttrs":
			return emits
		}
		return pure // String, Any, Group, With, Default, ...
	case zapPkg:
		if isMethod && hasPrefix(name, "Debug", "Info", "Warn", "Error", "DPanic", "Panic", "Fatal") {
			return emits
		}
		return pure // zap.Error(err), zap.String, L, S, Sugar, With, ...
	case logrusPkg:
		if hasPrefix(name, "Trace", "Debug", "Info", "Print", "Warn", "Error", "Fatal", "Panic", "Log") {
			return emits
		}
		return pure // WithError, WithField, StandardLogger, ...
	case recordPkg, eventsPkg:
		if isMethod && (name == "Event" || name == "Eventf" || name == "AnnotatedEventf") {
			return emits
		}
	case metaV1Pkg:
		// obj.GetName(), obj.GetNamespace() as log arguments.
		if isMethod && strings.HasPrefix(name, "Get") && sig.Params().Len() == 0 {
			return pure
		}
	case crapi.ClientPkg:
		if name == "ObjectKeyFromObject" && !isMethod {
			return pure
		}
	case crapi.APIErrorsPkg:
		if strings.HasPrefix(name, "Is") && !isMethod {
			return pure // if !apierrors.IsNotFound(err) { log }
		}
	case "errors":
		if name == "Is" {
			return pure
		}
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
	if !ok || obj.Pkg() == nil || obj.Pkg().Path() != crapi.CtrlPkg {
		return false
	}
	return obj.Name() == "LoggerFrom" || obj.Name() == "LoggerInto"
}

func hasPrefix(s string, prefixes ...string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}
