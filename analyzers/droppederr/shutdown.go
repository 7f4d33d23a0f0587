package droppederr

import (
	"go/token"
	"strings"
	"unicode"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/reach"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

// shutdownOnly returns the functions of the package that run only when
// the operator shuts down: a declared function that no reconcile of the
// package runs (reach's Reconcile set) and whose name says it runs on
// shutdown (openyurt's DeleteDevicesOnControllerShutdown, called from a
// signal handler), and the unexported functions that only such functions
// call or run. No reconcile follows them and no next event retries what
// they leave: the Delete and success consequences, which presume one, do
// not hold there; a finalizer removal after a dropped error still counts.
// A function a reconcile of the package runs is never in it, whatever its
// name.
func shutdownOnly(pass *analysis.Pass, pc *pkgCalls) map[*ssa.Function]bool {
	funcs := ssapkg.Of(pass).SrcFuncs()
	set := reach.Of(pass).Reconcile()
	out := map[*ssa.Function]bool{}
	for _, fn := range funcs {
		if fn.Parent() == nil && fn.Object() != nil && !set.Has(fn) && shutdownName(fn.Name()) {
			out[fn] = true
		}
	}
	if len(out) == 0 {
		return nil
	}
	// What calls or runs each function: its static call sites (go and
	// defer statements too) and its predecessors in the synchronous call
	// graph (interface calls, functions handed to a call).
	callers, asValue := pc.nonTest, pc.asValue
	g := reach.Of(pass).Calls()
	runBy := map[*ssa.Function][]*ssa.Function{}
	for _, f := range funcs {
		if ssapkg.InTestCode(pass, f.Pos()) {
			continue
		}
		for _, s := range g.Successors(f, nil) {
			runBy[s] = append(runBy[s], ssaflow.Declared(f))
		}
	}
	for changed := true; changed; {
		changed = false
		for _, fn := range funcs {
			if out[fn] || fn.Parent() != nil || fn.Object() == nil || token.IsExported(fn.Name()) ||
				set.Has(fn) || asValue[fn] || len(callers[fn]) == 0 {
				continue
			}
			only := true
			for _, site := range callers[fn] {
				only = only && out[ssaflow.Declared(site.Parent())]
			}
			for _, f := range runBy[fn] {
				only = only && out[f]
			}
			if only {
				out[fn] = true
				changed = true
			}
		}
	}
	return out
}

// shutdownName reports whether a function's name says it runs on
// shutdown: a "Shutdown" word after "On", "At", "Upon", "Before",
// "During", "When" or "After" (DeleteDevicesOnControllerShutdown,
// cleanupBeforeShutdown). A name that only mentions a shutdown
// (ShutdownVM, reconcileShutdown) may be a step a reconcile takes.
func shutdownName(name string) bool {
	words := camelWords(name)
	when := false
	for i, w := range words {
		switch strings.ToLower(w) {
		case "on", "at", "upon", "before", "during", "when", "after":
			when = true
		case "shutdown":
			return when
		case "shut":
			if when && i+1 < len(words) && strings.EqualFold(words[i+1], "down") {
				return true
			}
		}
	}
	return false
}

// camelWords splits an identifier into its words: a capital starts one,
// a run of capitals is one (HTTPServer: HTTP, Server), as are digits and
// underscores breaks.
func camelWords(name string) []string {
	rs := []rune(name)
	var words []string
	start := 0
	flush := func(end int) {
		if end > start {
			words = append(words, string(rs[start:end]))
		}
		start = end
	}
	for i, r := range rs {
		switch {
		case r == '_':
			flush(i)
			start = i + 1
		case i > start && unicode.IsUpper(r) &&
			(unicode.IsLower(rs[i-1]) || unicode.IsDigit(rs[i-1]) || i+1 < len(rs) && unicode.IsLower(rs[i+1])):
			flush(i)
		}
	}
	flush(len(rs))
	return words
}
