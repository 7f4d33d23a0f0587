package createexists

import (
	_ "embed"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

//go:embed doc.go
var doc string

// Analyzer reports Creates with fixed names that every reconcile runs.
var Analyzer = &analysis.Analyzer{
	Name:     "createexists",
	Doc:      checkdoc.MustExtract(doc, "createexists"),
	Requires: []*analysis.Analyzer{ssapkg.Analyzer, objects.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	funcs := ssapkg.Of(pass).SrcFuncs()
	objs := objects.Of(pass)
	converted := crapi.ReconcileFuncs(funcs)
	var callers map[*ssa.Function][]ssa.CallInstruction // built on first need
	for _, fn := range funcs {
		if ssapkg.InTestCode(pass, fn.Pos()) {
			continue
		}
		if _, ok := crapi.ReconcilerOf(fn, converted); !ok {
			// A helper: only a creation recorded in a status.
			if callers == nil {
				callers = ssapkg.Of(pass).Callers(pass)
			}
			recorded(pass, objs, fn, callers)
			continue
		}
		for _, site := range crapi.ClientCalls(fn) {
			if site.Method != crapi.Create || site.SubResource || len(site.Args) < 2 {
				continue
			}
			obj := ssaflow.Strip(site.Args[1])
			name, ok := objs.NameSource(obj)
			if !ok {
				continue // no fixed name known (GenerateName, or made elsewhere)
			}
			carriers := ssaflow.ErrorCarriers(fn, site.Call)
			lookup := func(err ssa.Value) bool { return looksUp(objs, fn, err, obj) }
			if testsAlreadyExists(carriers) || !returned(fn, carriers) || !everyTime(fn, site.Call, lookup) {
				continue
			}
			expr := ssaflow.CallExpr(fn, site.Call)
			if expr == nil {
				continue
			}
			diag.Reportf(pass, expr, nil,
				"Create of %s %s runs on every reconcile with nothing looking it up first, and its error is returned: once it exists (after the first success, or while the cache lags) every reconcile fails with AlreadyExists and is retried for ever; Get it first and create it on NotFound, or use client.IgnoreAlreadyExists",
				crapi.ObjectTypeString(obj.Type()), describe(name))
		}
	}
	return nil, nil
}

// describe renders the layer's name source for a message: the constant,
// or only that the name is fixed.
func describe(src string) string {
	if c, ok := strings.CutPrefix(src, "const:"); ok {
		return "named " + c + ","
	}
	return "with a fixed name (not GenerateName)"
}

// testsAlreadyExists reports whether one of the error's carriers is given
// to a function that tells AlreadyExists apart (apierrors.IsAlreadyExists,
// client.IgnoreAlreadyExists, or anything named so).
func testsAlreadyExists(carriers map[ssa.Value]bool) bool {
	for v := range carriers {
		refs := v.Referrers()
		if refs == nil {
			continue
		}
		for _, r := range *refs {
			call, ok := r.(*ssa.Call)
			if !ok {
				continue
			}
			if fn := crapi.Callee(call.Common()); fn != nil && strings.Contains(fn.Name(), "AlreadyExists") {
				return true
			}
		}
	}
	return false
}

// returned reports whether a return of fn hands one of carriers back as
// its error.
func returned(fn *ssa.Function, carriers map[ssa.Value]bool) bool {
	for ret := range ssaflow.Returns(fn) {
		if n := len(ret.Results); n > 0 && carriers[ssaflow.Returned(ret.Results[n-1])] {
			return true
		}
	}
	return false
}

// everyTime reports whether call runs on every run of fn that gets that
// far without failing: each branch that decides whether it is reached is
// a test of an error being nil, with the call on the nil side (an early
// return on failure). A branch on anything else (state, a lookup's
// NotFound, a loop) guards it.
func everyTime(fn *ssa.Function, call *ssa.Call, lookup func(err ssa.Value) bool) bool {
	reach := ssaflow.Reaching(call.Block())
	for _, b := range fn.Blocks {
		ifi, ok := ssaflow.Last(b).(*ssa.If)
		if !ok || !reach[b] {
			continue
		}
		r0, r1 := reach[b.Succs[0]], reach[b.Succs[1]]
		if r0 && r1 {
			continue // both ways lead to it: no decision
		}
		nilSide, ok := errNilSide(ifi.Cond, lookup)
		if !ok || (nilSide == 0) != r0 {
			return false
		}
	}
	return true
}

// errNilSide recognises cond as a nil test of an error (err == nil,
// err != nil) and returns the index of the successor where it is nil.
func errNilSide(cond ssa.Value, lookup func(err ssa.Value) bool) (int, bool) {
	x, nilOnTrue, ok := ssaflow.NilTest(cond)
	if !ok || !crapi.IsError(x.Type()) || lookup(x) {
		return 0, false // not an error, or the error of a lookup: what follows depends on it
	}
	if nilOnTrue {
		return 0, true
	}
	return 1, true
}

// looksUp reports whether err is the error of a Get of the object obj
// created (the same object, by the layer's identity): a lookup, whatever
// side of its test the Create is on.
func looksUp(objs *objects.Result, fn *ssa.Function, err, obj ssa.Value) bool {
	call, ok := err.(*ssa.Call)
	if !ok {
		return false
	}
	c, args, ok := crapi.ClientCallSSA(call.Common())
	return ok && c.Method == crapi.Get && len(args) >= 3 && objs.Same(fn, args[2], obj)
}

// recorded reports, in a helper fn, a Create of an object with a fixed
// name whose error is returned, AlreadyExists not told apart, and whose
// success is recorded only in the status of another object, with the
// created object's name (cluster-api's storeBootstrapData before
// 5bb84f7968: the bootstrap Secret, then Status.DataSecretName): the
// callers look at that status to decide whether to create. The Create and
// the status write are not atomic: when the status write is lost (a
// conflict, a failed patch), the next reconcile creates again and fails
// with AlreadyExists for ever. Nothing in fn or its callers may look up
// an object of the created type (a lookup, even one that lags, ends it).
func recorded(pass *analysis.Pass, objs *objects.Result, fn *ssa.Function, callers map[*ssa.Function][]ssa.CallInstruction) {
	for _, site := range crapi.ClientCalls(fn) {
		if site.Method != crapi.Create || site.SubResource || len(site.Args) < 2 {
			continue
		}
		obj := ssaflow.Strip(site.Args[1])
		name, ok := objs.NameSource(obj)
		if !ok {
			continue
		}
		carriers := ssaflow.ErrorCarriers(fn, site.Call)
		if testsAlreadyExists(carriers) || !returned(fn, carriers) {
			continue
		}
		field, ok := statusRecord(objs, fn, site.Call, obj)
		if !ok || looksUpType(fn, obj.Type(), callers, 0) {
			continue
		}
		expr := ssaflow.CallExpr(fn, site.Call)
		if expr == nil {
			continue
		}
		diag.Reportf(pass, expr, nil,
			"Create of %s %s is recorded only in %s, written after it, and its error is returned: when that status write is lost (a conflict, a failed patch) the next reconcile creates it again and fails with AlreadyExists for ever; tolerate AlreadyExists (client.IgnoreAlreadyExists, or adopt the existing object), or look it up first",
			crapi.ObjectTypeString(obj.Type()), describe(name), field)
	}
}

// statusRecord finds, on the success side of the Create's error test, a
// store into a field under the Status of another object of a value
// computed from the created object (its name) or from a parameter of fn
// the name is computed from, and returns the field's path
// (Status.DataSecretName).
func statusRecord(objs *objects.Result, fn *ssa.Function, create *ssa.Call, obj ssa.Value) (string, bool) {
	var ok *ssa.BasicBlock
	for _, nb := range ssaflow.NilBranches(fn) {
		if nb.X == ssa.Value(create) {
			ok = nb.Nil
		}
	}
	if ok == nil || len(ok.Preds) != 1 {
		return "", false
	}
	roots := map[ssa.Value]bool{obj: true}
	// Or from a value the name is made from, given to fn (a time, an
	// index: cloudnative-pg's scheduled backups before 519f8f3935 named
	// the Backup after the schedule's time and recorded that time).
	if name, ok := objs.NameValue(obj); ok {
		for _, p := range fn.Params {
			if !objects.ObjectParam(p.Type()) && !types.IsInterface(p.Type()) && ssaflow.DependsOn(name, map[ssa.Value]bool{p: true}) {
				roots[p] = true
			}
		}
	}
	for _, b := range fn.Blocks {
		if !ok.Dominates(b) {
			continue
		}
		for _, instr := range b.Instrs {
			st, isStore := instr.(*ssa.Store)
			if !isStore {
				continue
			}
			owner, path, under := underStatus(st.Addr)
			if !under || owner == obj || objs.Same(fn, owner, obj) || !ssaflow.DependsOn(st.Val, roots) {
				continue
			}
			return path, true
		}
	}
	return "", false
}

// underStatus reports whether addr is a field under the Status field of an
// object, and returns that object and the path from Status.
func underStatus(addr ssa.Value) (owner ssa.Value, path string, ok bool) {
	var names []string
	for depth := 0; depth < 8; depth++ {
		fa, isField := addr.(*ssa.FieldAddr)
		if !isField {
			return nil, "", false
		}
		st, isStruct := ssaflow.Deref(fa.X.Type()).Underlying().(*types.Struct)
		if !isStruct {
			return nil, "", false
		}
		names = append([]string{st.Field(fa.Field).Name()}, names...)
		if names[0] == "Status" && objects.ObjectStruct(st) {
			return fa.X, strings.Join(names, "."), len(names) > 1
		}
		addr = fa.X
	}
	return nil, "", false
}

// looksUpType reports whether fn, or a function that calls it (up to three
// levels), reads objects of type t through a client (Get or List).
func looksUpType(fn *ssa.Function, t types.Type, callers map[*ssa.Function][]ssa.CallInstruction, depth int) bool {
	named := crapi.Named(t)
	for _, site := range crapi.ClientCalls(fn) {
		if site.Method != crapi.Get && site.Method != crapi.List {
			continue
		}
		for _, a := range site.Args {
			at := ssaflow.Strip(a).Type()
			if site.Method == crapi.List {
				at = objects.ListItemType(at) // a List reads the items' type
			}
			if at == nil {
				continue
			}
			if n := crapi.Named(at); n != nil && named != nil && n.Obj() == named.Obj() {
				return true
			}
		}
	}
	if depth >= 3 {
		return false
	}
	for _, c := range callers[fn] {
		if looksUpType(c.Parent(), t, callers, depth+1) {
			return true
		}
	}
	return false
}
