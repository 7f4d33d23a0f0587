package eventtype

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/argroles"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

//go:embed doc.go
var doc string

// Analyzer reports events recorded with a type client-go drops.
var Analyzer = &analysis.Analyzer{
	Name:     "eventtype",
	Doc:      checkdoc.MustExtract(doc, "eventtype"),
	Requires: []*analysis.Analyzer{inspect.Analyzer, argroles.Analyzer},
	Run:      run,
}

// meant maps, lower-cased, the words used for an event type to the type
// they mean: the two valid ones in other case, and the levels of loggers.
var meant = map[string]string{
	"normal": "Normal", "info": "Normal", "information": "Normal", "success": "Normal",
	"warning": "Warning", "warn": "Warning", "error": "Warning", "err": "Warning",
	"failed": "Warning", "failure": "Warning", "fatal": "Warning", "critical": "Warning",
}

func run(pass *analysis.Pass) (any, error) {
	if ssapkg.IsDependency(pass) {
		return nil, nil
	}
	roles := argroles.Of(pass)
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	for cur := range ins.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		if ssapkg.InTestCode(pass, call.Pos()) {
			continue // a fake recorder's events reach no API server
		}
		fn, _ := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
		if fn == nil || methodExpr(pass, call) {
			continue // a method expression's arguments start with the receiver
		}
		if viaOwnInterface(pass, call, fn) {
			continue
		}
		reasons := roles.Params(fn, argroles.EventReason)
		dropped := false
		for _, i := range roles.Params(fn, argroles.EventType) {
			if arg := argAt(fn, call, i); arg != nil {
				dropped = check(pass, fn, call, i, arg, reasons) || dropped
			}
		}
		if dropped {
			continue // the event never leaves the process: the API server judges nothing
		}
		for _, r := range []struct {
			role  argroles.Role
			name  string
			limit int
		}{
			{argroles.StrictReason, "reason", knowledge.EventReasonMax},
			{argroles.StrictAction, "action", knowledge.EventActionMax},
		} {
			for _, i := range roles.Params(fn, r.role) {
				if arg := argAt(fn, call, i); arg != nil {
					checkStrict(pass, fn, arg, r.role, r.name, r.limit)
				}
			}
		}
		for _, i := range roles.Params(fn, argroles.RecorderName) {
			if arg := argAt(fn, call, i); arg != nil {
				checkName(pass, fn, arg)
			}
		}
	}
	return nil, nil
}

// helperName returns the name of fn for a message when it is a helper of
// the module, "" for the library's own function.
func helperName(pass *analysis.Pass, fn *types.Func, r argroles.Role) string {
	if _, lib := argroles.Library(fn, r); lib {
		return ""
	}
	return crapi.FuncName(pass.Pkg, fn)
}

// rejected says what becomes of an events.k8s.io/v1 event the API server
// rejects: client-go's events recorder (tools/events recordEvent) logs the
// StatusError and does not retry.
const rejected = "client-go logs \"Server rejected event\" and drops it, so it never appears"

// checkStrict reports a constant reason or action (what, of role) of an
// events API recorder's event that is empty or longer than limit: the API
// server requires both on an events.k8s.io/v1 event
// (knowledge.EventReasonMax).
func checkStrict(pass *analysis.Pass, fn *types.Func, arg ast.Expr, role argroles.Role, what string, limit int) {
	v, ok := stringConst(pass, arg)
	if !ok {
		return // computed at run time
	}
	var problem, fix string
	switch {
	case v == "":
		problem = fmt.Sprintf("the API server rejects an events.k8s.io/v1 event without one (\"%s: Required value\")", what)
		fix = "give one in UpperCamelCase, such as \"ReconcileFailed\""
		if what == "action" {
			fix = "name what the controller did or failed to do, such as \"Reconcile\""
		}
	case len(v) > limit:
		problem = fmt.Sprintf("the API server rejects an events.k8s.io/v1 event whose %s has more than %d characters", what, limit)
		fix = "shorten it, and put the details in the note"
	default:
		return
	}
	msg := fmt.Sprintf("%s %q of the events API recorder: %s; %s; %s", what, v, problem, rejected, fix)
	if v == "" {
		msg = fmt.Sprintf("empty %s given to the events API recorder: %s; %s; %s", what, problem, rejected, fix)
	}
	if h := helperName(pass, fn, role); h != "" {
		msg = fmt.Sprintf("%s gives %q to the events API recorder as the %s: %s; %s; %s", h, v, what, problem, rejected, fix)
	}
	diag.Report(pass, analysis.Diagnostic{Pos: arg.Pos(), End: arg.End(), Message: msg})
}

// checkName reports a constant name of an events API recorder that the API
// server rejects as its events' reportingController or reportingInstance
// (knowledge.RecorderNameProblem).
func checkName(pass *analysis.Pass, fn *types.Func, arg ast.Expr) {
	v, ok := stringConst(pass, arg)
	if !ok {
		return
	}
	problem := knowledge.RecorderNameProblem(v)
	if problem == "" {
		return
	}
	what := fmt.Sprintf("recorder name %q is %s", v, problem)
	if h := helperName(pass, fn, argroles.RecorderName); h != "" {
		what = fmt.Sprintf("%s gives the events API recorder the name %q, which is %s", h, v, problem)
	}
	diag.Reportf(pass, arg, nil,
		"%s: the API server rejects every event the recorder records, as its reportingController or reportingInstance; client-go logs \"Server rejected event\" and drops them, so none appears; use a short qualified name such as \"guestbook-controller\" or \"example.com/guestbook\"",
		what)
}

// viaOwnInterface reports whether call invokes fn, a recorder method of
// a library, through an interface declared elsewhere that embeds the
// library's (ob-operator's telemetry.Recorder embeds record.EventRecorder):
// the call runs whatever implements that interface, and the module's own
// implementation may map the type before it reaches the library
// (ob-operator's transformEventType turns every other type into Normal).
// What reaches client-go is not known there: nothing is claimed.
func viaOwnInterface(pass *analysis.Pass, call *ast.CallExpr, fn *types.Func) bool {
	if fn.Pkg() == nil {
		return false
	}
	if _, lib := argroles.Library(fn, argroles.EventType); !lib {
		if _, ctor := argroles.Library(fn, argroles.RecorderName); !ctor {
			return false
		}
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	s, ok := pass.TypesInfo.Selections[sel]
	if !ok || s.Kind() != types.MethodVal {
		return false
	}
	recv := types.Unalias(s.Recv())
	named, ok := recv.(*types.Named)
	if !ok || !types.IsInterface(named) || named.Obj().Pkg() == nil {
		return false
	}
	// controller-runtime's recorder.EventRecorder embeds client-go's too,
	// and its implementations are the library's: judged.
	path := named.Obj().Pkg().Path()
	return path != fn.Pkg().Path() && !knowledge.KubernetesLibrary(path)
}

// methodExpr reports whether call calls a method expression
// (record.EventRecorder.Event(rec, obj, ...)).
func methodExpr(pass *analysis.Pass, call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	s, ok := pass.TypesInfo.Selections[sel]
	return ok && s.Kind() == types.MethodExpr
}

// argAt returns the argument of call for fn's parameter i (the receiver
// excluded), unless it is part of a variadic list or a spread.
func argAt(fn *types.Func, call *ast.CallExpr, i int) ast.Expr {
	sig := fn.Signature()
	if i < 0 || i >= len(call.Args) || sig.Variadic() && i >= sig.Params().Len()-1 {
		return nil
	}
	return call.Args[i]
}

// stringConst returns the value of e when it is a string constant.
func stringConst(pass *analysis.Pass, e ast.Expr) (string, bool) {
	tv, ok := pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// check reports a constant event type the recorder drops, and says
// whether it did.
func check(pass *analysis.Pass, fn *types.Func, call *ast.CallExpr, i int, arg ast.Expr, reasons []int) bool {
	typ, ok := stringConst(pass, arg)
	if !ok {
		return false // computed at run time
	}
	if _, valid := knowledge.EventTypes[typ]; valid {
		return false
	}
	const drops = "client-go drops the event (\"Unsupported event type\") and it never appears"
	helper := helperName(pass, fn, argroles.EventType)
	// Swapped: the reason argument holds a type.
	for _, j := range reasons {
		reasonArg := argAt(fn, call, j)
		if reasonArg == nil {
			continue
		}
		r, ok := stringConst(pass, reasonArg)
		if _, valid := knowledge.EventTypes[r]; !ok || !valid {
			continue
		}
		what := "event type and reason swapped"
		if helper != "" {
			what = helper + " is given the " + what
		}
		diag.Report(pass, analysis.Diagnostic{
			Pos: arg.Pos(), End: arg.End(),
			Message:        fmt.Sprintf("%s: %q in the type's place, %q in the reason's; %s; swap them", what, typ, r, drops),
			SuggestedFixes: swap(pass, arg, reasonArg),
		})
		return true
	}
	use := "corev1.EventTypeNormal or corev1.EventTypeWarning"
	want, known := meant[strings.ToLower(typ)]
	if known {
		use = "corev1." + knowledge.EventTypes[want]
	}
	msg := fmt.Sprintf("%q is not an event type the recorder accepts: %s; use %s", typ, drops, use)
	if helper != "" {
		msg = fmt.Sprintf("%s gives %q to the recorder as the event type, which it does not accept: %s; use %s", helper, typ, drops, use)
	}
	var fixes []analysis.SuggestedFix
	// The constant is typed string: a parameter of another string type
	// (a helper's own EventType) would not take it.
	if known && types.AssignableTo(types.Typ[types.String], fn.Signature().Params().At(i).Type()) {
		fixes = replace(pass, arg, want)
	}
	diag.Report(pass, analysis.Diagnostic{Pos: arg.Pos(), End: arg.End(), Message: msg, SuggestedFixes: fixes})
	return true
}

// replace writes corev1's constant for the type want in place of arg.
func replace(pass *analysis.Pass, arg ast.Expr, want string) []analysis.SuggestedFix {
	names, edits, ok := diag.PackageNames(pass, arg.Pos(), diag.Import{Path: knowledge.EventTypesPkg, Name: "corev1"})
	if !ok {
		return nil
	}
	edits = append(edits, analysis.TextEdit{Pos: arg.Pos(), End: arg.End(), NewText: []byte(names[0] + "." + knowledge.EventTypes[want])})
	return []analysis.SuggestedFix{{Message: "Use corev1." + knowledge.EventTypes[want], TextEdits: edits}}
}

// swap exchanges the texts of the type and reason arguments.
func swap(pass *analysis.Pass, typ, reason ast.Expr) []analysis.SuggestedFix {
	t, okT := diag.Text(pass, typ)
	r, okR := diag.Text(pass, reason)
	if !okT || !okR {
		return nil
	}
	return []analysis.SuggestedFix{{Message: "Swap the event type and reason", TextEdits: []analysis.TextEdit{
		{Pos: typ.Pos(), End: typ.End(), NewText: r},
		{Pos: reason.Pos(), End: reason.End(), NewText: t},
	}}}
}
