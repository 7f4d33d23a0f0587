package statusrace

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

//go:embed doc.go
var doc string

// Analyzer reports status assertions on a single Get right after a write.
var Analyzer = &analysis.Analyzer{
	Name:     "statusrace",
	Doc:      checkdoc.MustExtract(doc, "statusrace"),
	Requires: []*analysis.Analyzer{ssapkg.Analyzer, objects.Analyzer},
	Run:      run,
}

// Package paths of the test libraries recognised.
const (
	fakePkg      = crapi.FakePkg
	interceptPkg = crapi.InterceptorPkg
)

// maxDepth bounds the recursive walks over values.
const maxDepth = 16

func run(pass *analysis.Pass) (any, error) {
	prog := ssapkg.Of(pass)
	funcs := slices.Concat(prog.SrcFuncs(), prog.InitFuncs())
	var tests []*ssa.Function
	inTest := map[*ssa.Function]bool{}
	for _, fn := range funcs {
		if fn.Syntax() != nil && ssapkg.InTestFile(pass, fn.Pos()) {
			tests = append(tests, fn)
			inTest[fn] = true
		}
	}
	if len(tests) == 0 {
		return nil, nil
	}
	ix := newIndex(funcs, func(f *ssa.Function) bool { return inTest[f] })
	ix.objs = objects.Of(pass)
	for _, fn := range tests {
		if ix.polled[fn] {
			continue // the body of an Eventually: it polls
		}
		check(pass, ix, fn)
	}
	return nil, nil
}

// event is a call of interest in a test function.
type event struct {
	pos  token.Pos
	call *ssa.Call
	site crapi.ClientSite // for client calls
}

// events are the calls of one test function (and of the functions that
// run it inline, before it).
type events struct {
	writes       []event // Create, Update, Patch, Apply of a main resource
	statusWrites []event // Status().Update and the like
	gets         []event // single Gets in the function itself
	waits        []token.Pos
	reconciles   bool
}

func collect(ix *index, fn *ssa.Function, before token.Pos, ev *events, own bool, depth int) {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if before.IsValid() && instr.Pos().IsValid() && instr.Pos() >= before {
				continue
			}
			switch x := instr.(type) {
			case *ssa.Select:
				ev.waits = append(ev.waits, x.Pos())
				continue
			case *ssa.UnOp:
				if x.Op == token.ARROW {
					ev.waits = append(ev.waits, x.Pos())
				}
				continue
			}
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			cc := call.Common()
			if c, args, ok := crapi.ClientCallSSA(cc); ok {
				site := crapi.ClientSite{Call: call, ClientCall: c, Args: args}
				e := event{pos: call.Pos(), call: call, site: site}
				switch {
				case c.SubResource && c.IsWrite():
					ev.statusWrites = append(ev.statusWrites, e)
				case isObjectWrite(c):
					ev.writes = append(ev.writes, e)
				case own && c.Method == crapi.Get && !c.SubResource && len(args) >= 3:
					ev.gets = append(ev.gets, e)
				}
				continue
			}
			if ix.isReconcileCall(cc) {
				ev.reconciles = true
			}
			if ix.isWaitCall(cc) {
				ev.waits = append(ev.waits, call.Pos())
			} else if ix.isWriteHelperCall(cc) {
				ev.writes = append(ev.writes, event{pos: call.Pos(), call: call})
			}
		}
	}
	// A subtest or a By step runs inline: what its parent did before it
	// counts.
	if site, ok := ix.inline[fn]; ok && depth < 4 {
		collect(ix, site.parent, site.pos, ev, false, depth+1)
	}
}

func isObjectWrite(c crapi.ClientCall) bool {
	if c.SubResource {
		return false
	}
	switch c.Method {
	case crapi.Create, crapi.Update, crapi.Patch, crapi.Apply:
		return true
	}
	return false
}

// assertion is a place where the test checks a value.
type assertion struct {
	pos    token.Pos
	values []ssa.Value
	node   func() ast.Node // where to report
}

func check(pass *analysis.Pass, ix *index, fn *ssa.Function) {
	var ev events
	collect(ix, fn, token.NoPos, &ev, true, 0)
	if len(ev.gets) == 0 || len(ev.writes) == 0 || ev.reconciles {
		return
	}
	reported := map[*ssa.Call]bool{}
	for _, a := range assertions(pass, fn) {
		for _, v := range a.values {
			for _, root := range statusRoots(v) {
				g := lastGet(ev.gets, root, a.pos)
				if g == nil || reported[g.call] {
					continue
				}
				w := raced(ix, &ev, g, a.pos, root)
				if w == nil {
					continue
				}
				reported[g.call] = true
				report(pass, fn, a, g, w)
			}
		}
	}
}

// lastGet returns the last Get into the variable root before pos.
func lastGet(gets []event, root ssa.Value, pos token.Pos) *event {
	var last *event
	for i := range gets {
		g := &gets[i]
		if g.pos >= pos || variable(g.site.Args[2]) != root {
			continue
		}
		if last == nil || g.pos > last.pos {
			last = g
		}
	}
	return last
}

// raced returns the write that the Get g races with, or nil when the test
// waits, reconciles itself, uses a fake client or set the status itself.
func raced(ix *index, ev *events, g *event, assertPos token.Pos, root ssa.Value) *event {
	var w *event
	for i := range ev.writes {
		e := &ev.writes[i]
		if e.pos < g.pos && (w == nil || e.pos > w.pos) {
			w = e
		}
	}
	if w == nil {
		return nil
	}
	for _, p := range ev.waits {
		if w.pos < p && p < assertPos {
			return nil
		}
	}
	for _, s := range ev.statusWrites {
		if s.pos < g.pos && len(s.site.Args) >= 2 && ix.sameObject(s.site.Args[1], root, g) {
			return nil // the test wrote this status itself
		}
	}
	// The API server itself initialises the status of some built-in
	// objects on create (a Namespace's or Pod's phase): a test creating
	// such an object and reading back its status is not racing.
	if w.site.Call != nil && len(w.site.Args) >= 2 && isBuiltin(objectType(root)) &&
		types.Identical(objectType(variable(w.site.Args[1])), objectType(root)) {
		return nil
	}
	if ix.inPollingLoop(g.call) {
		return nil
	}
	if ix.isFake(crapi.Receiver(g.call.Common())) {
		return nil
	}
	if w.site.Call != nil && ix.isFake(crapi.Receiver(w.call.Common())) {
		return nil
	}
	return w
}

// sameObject reports whether the written object obj may be the object in
// the variable root that g fetches: the same variable, or the same type
// unless the object layer shows two names (a test writing the status of
// newWidget("a") and reading that of the Widget it got by the key "b").
func (ix *index) sameObject(obj, root ssa.Value, g *event) bool {
	v := variable(obj)
	if v == root {
		return true
	}
	if !types.Identical(objectType(v), objectType(root)) {
		return false
	}
	written, ok1 := ix.objs.NameSource(obj)
	read, ok2 := ix.fetchedName(g)
	return !ok1 || !ok2 || written == read || !constant(written) || !constant(read)
}

// fetchedName describes where the name of the object g fetches comes
// from: its key's name, or the name of the object whose key it is.
func (ix *index) fetchedName(g *event) (string, bool) {
	if len(g.site.Args) < 3 {
		return "", false
	}
	keys := ix.objs.FetchKeys(g.call.Parent())[ssaflow.Strip(g.site.Args[2])]
	if len(keys) != 1 {
		return "", false
	}
	if k := keys[0]; k.From != nil {
		return ix.objs.NameSource(k.From)
	}
	return keys[0].Name, true
}

// constant reports whether a source is a constant: the only sources that
// compare across the closures of a test.
func constant(src string) bool {
	return strings.HasPrefix(src, "const:")
}

// objectType returns the struct type an object variable holds.
func objectType(v ssa.Value) types.Type {
	t := v.Type()
	for range 2 {
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
	}
	return t
}

// isBuiltin reports whether t is a type of k8s.io/api.
func isBuiltin(t types.Type) bool {
	n := crapi.Named(t)
	return n != nil && n.Obj().Pkg() != nil && knowledge.KubernetesAPI(n.Obj().Pkg().Path())
}

// variable returns what identifies the object a value points to: the local
// variable (an Alloc, across closures) it is loaded from, or the value.
func variable(v ssa.Value) ssa.Value {
	v = ssaflow.Strip(v)
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		if a := ssaflow.AllocOf(u.X); a != nil {
			return a
		}
		if g, ok := u.X.(*ssa.Global); ok {
			return g
		}
	}
	if fv, ok := v.(*ssa.FreeVar); ok {
		if b := ssaflow.Binding(fv); b != nil {
			return variable(b)
		}
	}
	return v
}

// statusRoots returns the object variables whose Status v is computed from.
func statusRoots(v ssa.Value) []ssa.Value {
	var out []ssa.Value
	seen := map[ssa.Value]bool{}
	var walk func(v ssa.Value, depth int)
	walk = func(v ssa.Value, depth int) {
		if v == nil || seen[v] || depth > maxDepth {
			return
		}
		seen[v] = true
		switch x := v.(type) {
		case *ssa.FieldAddr:
			if ssaflow.FieldName(x.X.Type(), x.Field) == "Status" {
				out = append(out, variable(x.X))
				return
			}
		case *ssa.Field:
			if ssaflow.FieldName(x.X.Type(), x.Field) == "Status" {
				if u, ok := x.X.(*ssa.UnOp); ok && u.Op == token.MUL {
					out = append(out, variable(u.X))
				} else {
					out = append(out, variable(x.X))
				}
				return
			}
		case *ssa.Call:
			cc := x.Common()
			if fn := crapi.Callee(cc); fn != nil && fn.Signature().Recv() != nil &&
				(fn.Name() == "GetConditions" || fn.Name() == "GetStatus") {
				if r := crapi.Receiver(cc); r != nil {
					out = append(out, variable(r))
					return
				}
			}
		}
		// Through anything else it is computed from: comparisons and
		// lookups included, as assertions are made of them.
		for _, src := range ssaflow.Sources(v, true) {
			walk(src, depth+1)
		}
	}
	walk(v, 0)
	return out
}

// assertions returns the assertions of fn: the actual value of a Gomega
// Expect or Ω, the arguments of a testify assertion, and the conditions
// of the if statements under which a testing.T fails.
func assertions(pass *analysis.Pass, fn *ssa.Function) []assertion {
	var out []assertion
	for call := range ssaflow.PlainCalls(fn) {
		cc := call.Common()
		callee := crapi.Callee(cc)
		if callee == nil {
			continue
		}
		node := func() ast.Node {
			if ce := ssaflow.CallExpr(fn, call); ce != nil {
				return ce
			}
			return nil
		}
		row, _ := knowledge.TestCall(callee)
		switch {
		case row.Role == knowledge.Asserts && row.Value >= 0:
			if args := crapi.CallArgs(cc); row.Value < len(args) {
				out = append(out, assertion{pos: call.Pos(), values: []ssa.Value{args[row.Value]}, node: node})
			}
		case row.Role == knowledge.Asserts:
			out = append(out, assertion{pos: call.Pos(), values: variadic(crapi.CallArgs(cc)), node: node})
		case row.Role == knowledge.FailsTest:
			for _, cond := range failConditions(call) {
				c := cond
				out = append(out, assertion{pos: call.Pos(), values: []ssa.Value{c}, node: func() ast.Node {
					if n := ifCond(pass, c.Pos()); n != nil {
						return n
					}
					return node()
				}})
			}
		}
	}
	return out
}

// variadic expands a variadic slice argument into the values stored in it.
func variadic(args []ssa.Value) []ssa.Value {
	var out []ssa.Value
	for _, a := range args {
		if elems, ok := ssaflow.VariadicElems(a); ok && elems != nil {
			out = append(out, elems...)
		} else {
			out = append(out, a)
		}
	}
	return out
}

// failConditions returns the conditions of the if statements whose branch
// leads to call: a branch block entered only from the if, dominating the
// call's block.
func failConditions(call *ssa.Call) []ssa.Value {
	var out []ssa.Value
	blk := call.Block()
	for d := blk; d != nil; d = d.Idom() {
		if len(d.Preds) != 1 {
			continue
		}
		p := d.Preds[0]
		if len(p.Instrs) == 0 {
			continue
		}
		if iff, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If); ok {
			out = append(out, iff.Cond)
		}
	}
	return out
}

// ifCond returns the condition of the if statement whose condition holds
// pos.
func ifCond(pass *analysis.Pass, pos token.Pos) ast.Node {
	f := diag.File(pass, pos)
	if f == nil || !pos.IsValid() {
		return nil
	}
	path, _ := astutil.PathEnclosingInterval(f, pos, pos)
	for i, n := range path {
		if is, ok := n.(*ast.IfStmt); ok && i > 0 && path[i-1] == is.Cond {
			return is.Cond
		}
	}
	return nil
}

func report(pass *analysis.Pass, fn *ssa.Function, a assertion, g, w *event) {
	var n ast.Node
	if a.node != nil {
		n = a.node()
	}
	if n == nil {
		return
	}
	obj := "the object"
	if ce := ssaflow.CallExpr(fn, g.call); ce != nil && len(ce.Args) >= 3 {
		obj = types.ExprString(ce.Args[2])
		obj = strings.TrimPrefix(obj, "&")
	}
	write := "the write"
	if w.site.Call != nil {
		write = string(w.site.Method)
	} else if callee := crapi.Callee(w.call.Common()); callee != nil {
		write = callee.Name()
	}
	diag.Reportf(pass, n, nil,
		"status of %s is asserted on a single Get right after %s: the controller may not have reconciled yet; assert it inside Eventually (or a polling helper)",
		obj, write)
}
