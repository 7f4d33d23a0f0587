package probes

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

// Objects reports what the layer answers at each call of the fixtures'
// probe package: probe.Same(a, b), probe.Alias(a, b), probe.Part(v, obj), probe.Converted(v, obj),
// probe.History(obj), probe.Since(obj), probe.Name(obj), probe.Patch(p),
// probe.Skips() (in a reconcile or its tail helpers: whether a
// terminating object passes there before its deletion branch).
var Objects = &analysis.Analyzer{
	Name:     "objectsprobe",
	Doc:      "report the object layer's answers at probe calls",
	Requires: []*analysis.Analyzer{ssapkg.Analyzer, objects.Analyzer},
	Run:      runObjects,
}

const probePkg = ModulePath + "/probe"

func runObjects(pass *analysis.Pass) (any, error) {
	r := objects.Of(pass)
	skips := skipAnswers(r, ssapkg.Of(pass).SrcFuncs())
	for _, fn := range ssapkg.Of(pass).SrcFuncs() {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				callee := crapi.Callee(call.Common())
				if callee == nil || callee.Pkg() == nil || callee.Pkg().Path() != probePkg {
					continue
				}
				args := call.Common().Args
				switch callee.Name() {
				case "Same":
					answer := "different"
					if r.Same(fn, args[0], args[1]) {
						answer = "same"
					}
					pass.Reportf(call.Pos(), "%s", answer)
				case "Alias":
					answer := "not aliased"
					if r.Alias(fn, args[0], args[1]) {
						answer = "aliased"
					}
					pass.Reportf(call.Pos(), "%s", answer)
				case "Part":
					p, ok := r.Part(fn, args[0], args[1])
					switch {
					case !ok:
						pass.Reportf(call.Pos(), "outside")
					case p.Whole:
						pass.Reportf(call.Pos(), "whole")
					default:
						pass.Reportf(call.Pos(), "part %s %s depth %d", classes(p.Class), p.Name, p.Depth)
					}
				case "Converted":
					answer := "another"
					if r.ConvertedFrom(fn, args[0], args[1]) {
						answer = "converted"
					}
					pass.Reportf(call.Pos(), "%s", answer)
				case "Name":
					src, ok := r.NameSource(args[0])
					if !ok {
						src = "unknown"
					}
					pass.Reportf(call.Pos(), "name %s", src)
				case "Since":
					steps := r.Steps(fn, call, args[0])
					var evs []string
					for _, ev := range steps.Starts {
						evs = append(evs, eventNames[ev])
					}
					if steps.Entry {
						evs = append(evs, "entry")
					}
					slices.Sort(evs)
					pass.Reportf(call.Pos(), "since %s", strings.Join(slices.Compact(evs), ","))
				case "Made":
					steps := r.Steps(fn, call, args[0])
					fields := map[string]bool{}
					for n := range steps.Names {
						fields[n] = true
					}
					for start := range steps.Starts {
						for n := range r.MadeFields(start) {
							fields[n] = true
						}
					}
					pass.Reportf(call.Pos(), "made %s", strings.Join(slices.Sorted(maps.Keys(fields)), " "))
				case "Skips":
					answer, ok := skips[call]
					if !ok {
						answer = "no frame"
					}
					pass.Reportf(call.Pos(), "%s", answer)
				case "Patch":
					text, ok := objects.RawPatchData(args[0])
					if v, _, whole := objects.WholeMergePatch(args[0]); !ok && whole {
						text, ok = "whole", true
						if v != nil {
							text = "whole " + v.Type().String()
						}
					}
					if !ok {
						text = "unknown"
					}
					pass.Reportf(call.Pos(), "patch %s", text)
				case "Listing":
					pass.Reportf(call.Pos(), "%s", listingAnswer(args[0]))
				case "Writes":
					pass.Reportf(call.Pos(), "%s", writesAnswer(r, args[0], args[1]))
				case "History":
					h := r.History(fn, call, args[0], nil)
					pass.Reportf(call.Pos(), "history strong=%s weak=%s fields=%s",
						classes(h.Strong), classes(h.Weak), h.FieldNames(objects.Status|objects.Spec|objects.Meta))
				}
			}
		}
	}
	return nil, nil
}

// listingAnswer reads the List or DeleteAllOf whose error v is
// (probe.Listing(c.List(...))): what its options say.
func listingAnswer(v ssa.Value) string {
	call, ok := ssaflow.Strip(v).(*ssa.Call)
	if !ok {
		return "no call"
	}
	l, ok := objects.ListOf(call)
	if !ok {
		return "no listing"
	}
	parts := []string{"listing " + string(l.Method)}
	if l.Namespace != nil {
		parts = append(parts, "namespace")
	}
	if l.Labels {
		parts = append(parts, fmt.Sprintf("labels(%d)", len(l.LabelOpts)))
	}
	if l.Open {
		parts = append(parts, "open")
	}
	return strings.Join(parts, " ")
}

// writesAnswer reads the call whose error v is (probe.Writes(c.Delete(ctx,
// &item), list)): whether it writes on the server an item of list, the
// list itself (given to a helper that writes its items), or another
// object.
func writesAnswer(r *objects.Result, v, list ssa.Value) string {
	call, ok := ssaflow.Strip(v).(*ssa.Call)
	if !ok {
		return "no call"
	}
	ws := r.ServerWrites(call.Common())
	if len(ws) == 0 {
		return "writes nothing"
	}
	for _, w := range ws {
		switch {
		case w == ssaflow.Strip(list):
			return "writes the list"
		case objects.ItemOf(w, list):
			return "writes an item"
		}
	}
	return "writes another object"
}

var eventNames = map[objects.Event]string{
	objects.Made: "made", objects.Fetched: "fetched", objects.Written: "written",
	objects.Replaced: "replaced", objects.Joined: "joined",
}

func classes(c objects.Class) string {
	var out []string
	for _, x := range []struct {
		c    objects.Class
		name string
	}{{objects.Status, "Status"}, {objects.Spec, "Spec"}, {objects.Meta, "Meta"}, {objects.Changed, "Changed"}, {objects.Unknown, "Unknown"}} {
		if c&x.c != 0 {
			out = append(out, x.name)
		}
	}
	if len(out) == 0 {
		return "-"
	}
	return strings.Join(out, ",")
}

// skipAnswers says, for each probe.Skips() call in a frame of a
// reconcile (objects.ReconciledFrames, then TailFrames) whose function
// manages a finalizer, whether a terminating object passes there before
// a deletion branch, and the line of that branch's test.
func skipAnswers(r *objects.Result, funcs []*ssa.Function) map[*ssa.Call]string {
	out := map[*ssa.Call]string{}
	for _, rec := range crapi.Reconcilers(funcs) {
		for _, top := range r.ReconciledFrames(rec) {
			for _, f := range append([]objects.Frame{top}, r.TailFrames(top)...) {
				m, ok := r.ManagedOf(f)
				for c := range ssaflow.PlainCalls(f.Fn) {
					callee := crapi.Callee(c.Common())
					if callee == nil || callee.Pkg() == nil || callee.Pkg().Path() != probePkg || callee.Name() != "Skips" {
						continue
					}
					if !ok {
						out[c] = "no managed finalizer"
						continue
					}
					if br, skips := m.Skips(r, c, nil); skips {
						out[c] = fmt.Sprintf("before the deletion branch (line %d)", f.Fn.Prog.Fset.Position(br.TestPos()).Line)
					} else {
						out[c] = "not before a deletion branch"
					}
				}
			}
		}
	}
	return out
}
