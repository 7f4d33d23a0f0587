package knowledge

import (
	"go/types"
	"strings"
)

// LogRole is what a function of a logging library does with what it is
// given.
type LogRole uint8

const (
	// LogEmits writes a log line (logr's Info and Error, klog.Infof,
	// fmt.Println, logrus's Entry.Error...).
	LogEmits LogRole = iota + 1
	// LogBuilds returns a logger or an entry that carries what it is
	// given but writes nothing until one of its emitting methods is
	// called (logr's WithValues and WithName, logrus's WithError and
	// WithField, slog's With).
	LogBuilds
	// LogFormats computes a message or a log argument, or tests an
	// error, and does nothing else (fmt.Sprintf, klog.KObj, zap.Error,
	// metav1 getters, apierrors.IsNotFound).
	LogFormats
)

// LogRow is one function or family of functions of a logging library,
// or one used to build log arguments.
type LogRow struct {
	// Pkg is the import path.
	Pkg string
	// Name is the function's name; "Info*" matches the names with that
	// prefix, "*" any name.
	Name string
	Kind Kind
	Role LogRole
	// NoArgs: the row matches only functions without parameters
	// (metav1's getters, not their setters).
	NoArgs bool
}

// Package paths of the logging libraries.
const (
	logrPkg   = "github.com/go-logr/logr"
	crLogPkg  = "sigs.k8s.io/controller-runtime/pkg/log"
	klogPkg   = "k8s.io/klog/v2"
	klogV1Pkg = "k8s.io/klog"
	zapPkg    = "go.uber.org/zap"
	logrusPkg = "github.com/sirupsen/logrus"
	metav1Pkg = "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// logRows are read in order: the first row that matches decides. A
// function of these packages that no row matches (fmt.Fprintf,
// log.SetOutput, controller-runtime's log.SetLogger) is no logging.
var logRows = []LogRow{
	{Pkg: "fmt", Name: "Print", Kind: Func, Role: LogEmits},
	{Pkg: "fmt", Name: "Printf", Kind: Func, Role: LogEmits},
	{Pkg: "fmt", Name: "Println", Kind: Func, Role: LogEmits},
	{Pkg: "fmt", Name: "Sprint", Kind: Func, Role: LogFormats},
	{Pkg: "fmt", Name: "Sprintf", Kind: Func, Role: LogFormats},
	{Pkg: "fmt", Name: "Sprintln", Kind: Func, Role: LogFormats},
	{Pkg: "fmt", Name: "Errorf", Kind: Func, Role: LogFormats},

	{Pkg: logrPkg, Name: "Info", Kind: Method, Role: LogEmits},
	{Pkg: logrPkg, Name: "Error", Kind: Method, Role: LogEmits},
	{Pkg: logrPkg, Name: "*", Kind: Any, Role: LogBuilds}, // FromContext, V, WithValues, WithName, ...

	{Pkg: crLogPkg, Name: "FromContext", Kind: Func, Role: LogBuilds},
	{Pkg: crLogPkg, Name: "IntoContext", Kind: Func, Role: LogBuilds},

	{Pkg: klogPkg, Name: "Info*", Kind: Any, Role: LogEmits},
	{Pkg: klogPkg, Name: "Warning*", Kind: Any, Role: LogEmits},
	{Pkg: klogPkg, Name: "Error*", Kind: Any, Role: LogEmits},
	{Pkg: klogPkg, Name: "Fatal*", Kind: Any, Role: LogEmits},
	{Pkg: klogPkg, Name: "Exit*", Kind: Any, Role: LogEmits},
	{Pkg: klogPkg, Name: "*", Kind: Any, Role: LogFormats}, // V, KObj, KRef, FromContext, ...
	{Pkg: klogV1Pkg, Name: "Info*", Kind: Any, Role: LogEmits},
	{Pkg: klogV1Pkg, Name: "Warning*", Kind: Any, Role: LogEmits},
	{Pkg: klogV1Pkg, Name: "Error*", Kind: Any, Role: LogEmits},
	{Pkg: klogV1Pkg, Name: "Fatal*", Kind: Any, Role: LogEmits},
	{Pkg: klogV1Pkg, Name: "Exit*", Kind: Any, Role: LogEmits},
	{Pkg: klogV1Pkg, Name: "*", Kind: Any, Role: LogFormats},

	{Pkg: "log", Name: "Print*", Kind: Any, Role: LogEmits},
	{Pkg: "log", Name: "Fatal*", Kind: Any, Role: LogEmits},
	{Pkg: "log", Name: "Panic*", Kind: Any, Role: LogEmits},
	{Pkg: "log", Name: "Output", Kind: Any, Role: LogEmits},
	{Pkg: "log", Name: "Default", Kind: Any, Role: LogFormats},
	{Pkg: "log", Name: "New", Kind: Any, Role: LogFormats},
	{Pkg: "log", Name: "Prefix", Kind: Any, Role: LogFormats},
	{Pkg: "log", Name: "Flags", Kind: Any, Role: LogFormats},
	{Pkg: "log", Name: "Writer", Kind: Any, Role: LogFormats},

	{Pkg: "log/slog", Name: "Debug", Kind: Any, Role: LogEmits},
	{Pkg: "log/slog", Name: "DebugContext", Kind: Any, Role: LogEmits},
	{Pkg: "log/slog", Name: "Info", Kind: Any, Role: LogEmits},
	{Pkg: "log/slog", Name: "InfoContext", Kind: Any, Role: LogEmits},
	{Pkg: "log/slog", Name: "Warn", Kind: Any, Role: LogEmits},
	{Pkg: "log/slog", Name: "WarnContext", Kind: Any, Role: LogEmits},
	{Pkg: "log/slog", Name: "Error", Kind: Any, Role: LogEmits},
	{Pkg: "log/slog", Name: "ErrorContext", Kind: Any, Role: LogEmits},
	{Pkg: "log/slog", Name: "Log", Kind: Any, Role: LogEmits},
	{Pkg: "log/slog", Name: "LogAttrs", Kind: Any, Role: LogEmits},
	{Pkg: "log/slog", Name: "With", Kind: Any, Role: LogBuilds},
	{Pkg: "log/slog", Name: "WithGroup", Kind: Method, Role: LogBuilds},
	{Pkg: "log/slog", Name: "*", Kind: Any, Role: LogFormats}, // String, Any, Group, Default, ...

	{Pkg: zapPkg, Name: "Debug*", Kind: Method, Role: LogEmits},
	{Pkg: zapPkg, Name: "Info*", Kind: Method, Role: LogEmits},
	{Pkg: zapPkg, Name: "Warn*", Kind: Method, Role: LogEmits},
	{Pkg: zapPkg, Name: "Error*", Kind: Method, Role: LogEmits},
	{Pkg: zapPkg, Name: "DPanic*", Kind: Method, Role: LogEmits},
	{Pkg: zapPkg, Name: "Panic*", Kind: Method, Role: LogEmits},
	{Pkg: zapPkg, Name: "Fatal*", Kind: Method, Role: LogEmits},
	{Pkg: zapPkg, Name: "With*", Kind: Method, Role: LogBuilds},
	{Pkg: zapPkg, Name: "*", Kind: Any, Role: LogFormats}, // zap.Error(err), zap.String, L, S, Sugar, ...

	{Pkg: logrusPkg, Name: "Trace*", Kind: Any, Role: LogEmits},
	{Pkg: logrusPkg, Name: "Debug*", Kind: Any, Role: LogEmits},
	{Pkg: logrusPkg, Name: "Info*", Kind: Any, Role: LogEmits},
	{Pkg: logrusPkg, Name: "Print*", Kind: Any, Role: LogEmits},
	{Pkg: logrusPkg, Name: "Warn*", Kind: Any, Role: LogEmits},
	{Pkg: logrusPkg, Name: "Error*", Kind: Any, Role: LogEmits},
	{Pkg: logrusPkg, Name: "Fatal*", Kind: Any, Role: LogEmits},
	{Pkg: logrusPkg, Name: "Panic*", Kind: Any, Role: LogEmits},
	{Pkg: logrusPkg, Name: "Log*", Kind: Any, Role: LogEmits},
	{Pkg: logrusPkg, Name: "With*", Kind: Any, Role: LogBuilds}, // WithError, WithField, WithFields, ...
	{Pkg: logrusPkg, Name: "*", Kind: Any, Role: LogFormats},    // StandardLogger, ...

	// Log arguments.
	{Pkg: metav1Pkg, Name: "Get*", Kind: Method, Role: LogFormats, NoArgs: true}, // obj.GetName()
	{Pkg: "sigs.k8s.io/controller-runtime/pkg/client", Name: "ObjectKeyFromObject", Kind: Func, Role: LogFormats},
	{Pkg: "k8s.io/apimachinery/pkg/api/errors", Name: "Is*", Kind: Func, Role: LogFormats}, // if !apierrors.IsNotFound(err) { log }
	{Pkg: "errors", Name: "Is", Kind: Func, Role: LogFormats},
}

// LogRows returns the logging rows, for tests.
func LogRows() []LogRow { return append([]LogRow(nil), logRows...) }

// Logging returns the row of a logging library that fn matches: whether
// it writes a log line, builds a logger or entry, or formats a log
// argument. Event recorders are EventGroup's.
func Logging(fn *types.Func) (LogRow, bool) {
	if fn == nil || fn.Pkg() == nil {
		return LogRow{}, false
	}
	sig := fn.Signature()
	isMethod := sig.Recv() != nil
	path, name := fn.Pkg().Path(), fn.Name()
	for _, r := range logRows {
		if r.Pkg != path || (r.Kind == Func && isMethod) || (r.Kind == Method && !isMethod) {
			continue
		}
		switch {
		case r.Name == "*":
		case strings.HasSuffix(r.Name, "*"):
			if !strings.HasPrefix(name, strings.TrimSuffix(r.Name, "*")) {
				continue
			}
		case r.Name != name:
			continue
		}
		if r.NoArgs && sig.Params().Len() != 0 {
			return LogRow{}, false
		}
		return r, true
	}
	return LogRow{}, false
}
