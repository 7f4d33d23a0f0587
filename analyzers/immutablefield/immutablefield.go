package immutablefield

import (
	_ "embed"
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
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

// Analyzer is the immutablefield check. The registry gives it its URL (its page),
// its enable flag and the //reconcilecheck:ignore directives.
var Analyzer = &analysis.Analyzer{
	Name:      "immutablefield",
	Doc:       checkdoc.MustExtract(doc, "immutablefield"),
	Requires:  []*analysis.Analyzer{ssapkg.Analyzer, objects.Analyzer},
	FactTypes: []analysis.Fact{new(Sets)},
	Run:       run,
}

// Sets is the fact of a function of the module that sets, outside a
// create test, fields the API server refuses to change on an object it
// is given: the caller that read that object from the server and writes
// it back is judged on them.
type Sets struct {
	Params []ParamSets
}

// ParamSets is one parameter of a Sets fact: its index as SSA counts
// (the receiver first) and the field paths set ("Spec.Selector").
type ParamSets struct {
	Param int
	Paths []string
}

// AFact marks Sets as a fact.
func (*Sets) AFact() {}

func (f *Sets) String() string {
	var parts []string
	for _, p := range f.Params {
		parts = append(parts, fmt.Sprintf("%d: %s", p.Param, strings.Join(p.Paths, " ")))
	}
	return "sets(" + strings.Join(parts, "; ") + ")"
}

// change is an instruction that sets immutable fields of an object: a
// store (or map update) into it, or a call of a helper that does.
type change struct {
	instr  ssa.Instruction
	root   ssa.Value // the object, as the instruction's function sees it
	row    knowledge.ImmutableFields
	paths  []string // the row's paths it may change
	helper *types.Func
	whole  string // the field stored when it holds the paths ("Spec"), or ""
}

type checker struct {
	pass  *analysis.Pass
	objs  *objects.Result
	funcs []*ssa.Function
	// local is what the package's own functions set on their parameters.
	local map[*ssa.Function]map[int]map[string]bool
	// mutates maps a function literal handed to CreateOrUpdate or
	// CreateOrPatch to that call and the function that makes it.
	mutates map[*ssa.Function]upsert
	// callers are the static call sites of the package's functions,
	// made when first asked.
	callers map[*ssa.Function][]ssa.CallInstruction
}

type upsert struct {
	parent *ssa.Function
	call   *ssa.Call
	obj    ssa.Value
	via    string
}

func run(pass *analysis.Pass) (any, error) {
	prog := ssapkg.Of(pass)
	if prog == nil || ssapkg.IsDependency(pass) {
		return nil, nil
	}
	c := &checker{pass: pass, objs: objects.Of(pass), local: map[*ssa.Function]map[int]map[string]bool{}, mutates: map[*ssa.Function]upsert{}}
	for _, fn := range prog.SrcFuncs() {
		if len(fn.Blocks) > 0 && !ssapkg.InTestCode(pass, fn.Pos()) {
			c.funcs = append(c.funcs, fn)
		}
	}
	c.learn()
	for fn, ps := range c.local {
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Parent() != nil || !obj.Exported() || obj.Pkg() != pass.Pkg {
			continue
		}
		fact := &Sets{}
		for _, i := range slices.Sorted(maps.Keys(ps)) {
			fact.Params = append(fact.Params, ParamSets{Param: i, Paths: slices.Sorted(maps.Keys(ps[i]))})
		}
		pass.ExportObjectFact(obj, fact)
	}
	c.findUpserts()
	reported := map[token.Pos]bool{}
	for _, fn := range c.funcs {
		for _, ch := range c.changes(fn) {
			if reported[ch.instr.Pos()] || !ch.instr.Pos().IsValid() {
				continue
			}
			if ch.paths = c.unrestored(fn, ch); len(ch.paths) == 0 {
				continue
			}
			if where, wfn, call, ok := c.written(fn, ch); ok && !c.invalidHandled(wfn, call, 0) {
				reported[ch.instr.Pos()] = true
				c.report(ch, where)
			}
		}
	}
	return nil, nil
}

// learn computes, to a fixed point, the fields each function of the
// package sets on its object parameters (a helper may hand its
// parameter to another).
func (c *checker) learn() {
	for changed := true; changed; {
		changed = false
		for _, fn := range c.funcs {
			if fn.Parent() != nil {
				continue
			}
			for _, ch := range c.changes(fn) {
				p := ssaflow.ParamIndex(fn, ch.root)
				if p < 0 {
					continue
				}
				if c.local[fn] == nil {
					c.local[fn] = map[int]map[string]bool{}
				}
				if c.local[fn][p] == nil {
					c.local[fn][p] = map[string]bool{}
				}
				for _, path := range ch.paths {
					if !c.local[fn][p][path] {
						c.local[fn][p][path] = true
						changed = true
					}
				}
			}
		}
	}
}

// changes returns the instructions of fn that set immutable fields of an
// object, outside a create test, with a value that is not read back from
// the object itself nor a constant.
func (c *checker) changes(fn *ssa.Function) []change {
	var out []change
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			var addr, val ssa.Value
			switch x := instr.(type) {
			case *ssa.Store:
				addr, val = x.Addr, x.Val
			case *ssa.MapUpdate:
				addr, val = x.Map, x.Value
			case *ssa.Call:
				out = append(out, c.helperChanges(fn, x)...)
				continue
			default:
				continue
			}
			root, path, ok := fieldPath(addr)
			if !ok {
				continue
			}
			row, ok := knowledge.ImmutableFieldsOf(typeName(root.Type()))
			if !ok {
				continue
			}
			paths, whole := changed(row, path)
			if len(paths) == 0 || constValue(val) || (row.EmptyKept && whole != "") {
				continue
			}
			if c.selfValue(fn, val, root) || guarded(b) || (row.EmptyKept && sameField(val, root, path)) {
				continue
			}
			paths = slices.DeleteFunc(paths, func(p string) bool { return c.equalGuarded(fn, b, root, p) })
			if len(paths) == 0 {
				continue
			}
			out = append(out, change{instr: instr, root: root, row: row, paths: paths, whole: whole})
		}
	}
	return out
}

// equalGuarded reports whether b runs only where the stored value of the
// field at path of root was found equal to another (reflect.DeepEqual,
// equality.Semantic.DeepEqual, ==): there a store of it, alone or in a
// whole spec, sets the value it has (LLMKube's fix recreates the
// Deployment when the selectors differ, then copies the whole spec).
func (c *checker) equalGuarded(fn *ssa.Function, b *ssa.BasicBlock, root ssa.Value, path string) bool {
	return ssaflow.HoldsAt(b, func(cond ssa.Value, onTrue bool) bool {
		if u, ok := cond.(*ssa.UnOp); ok && u.Op == token.NOT {
			cond, onTrue = u.X, !onTrue
		}
		var args []ssa.Value
		switch x := cond.(type) {
		case *ssa.Call:
			if !onTrue || !knowledge.DeepEqual(crapi.Callee(x.Common())) {
				return false
			}
			args = crapi.CallArgs(x.Common())
		case *ssa.BinOp:
			if x.Op == token.EQL && onTrue || x.Op == token.NEQ && !onTrue {
				args = []ssa.Value{x.X, x.Y}
			}
		}
		for _, a := range args {
			if r, p, ok := fieldPath(ssaflow.StripConv(a)); ok && c.objs.Same(fn, r, root) && strings.Join(p, ".") == path {
				return true
			}
		}
		return false
	})
}

// helperChanges returns what a call of a helper of the module (of this
// package, or of another through its Sets fact) sets on the objects it
// is given, outside a create test.
func (c *checker) helperChanges(fn *ssa.Function, call *ssa.Call) []change {
	cc := call.Common()
	if cc.IsInvoke() {
		return nil
	}
	callee := crapi.Callee(cc)
	if callee == nil {
		return nil
	}
	sets := map[int][]string{}
	if local := cc.StaticCallee(); local != nil && c.local[local] != nil {
		for i, ps := range c.local[local] {
			sets[i] = slices.Sorted(maps.Keys(ps))
		}
	} else if callee.Pkg() != nil && callee.Pkg() != c.pass.Pkg {
		var f Sets
		if !c.pass.ImportObjectFact(callee, &f) {
			return nil
		}
		for _, p := range f.Params {
			sets[p.Param] = p.Paths
		}
	}
	if len(sets) == 0 || guarded(call.Block()) {
		return nil
	}
	var out []change
	for i, paths := range sets {
		if i >= len(cc.Args) {
			continue
		}
		root := ssaflow.Strip(cc.Args[i])
		row, ok := knowledge.ImmutableFieldsOf(typeName(root.Type()))
		if !ok {
			continue
		}
		out = append(out, change{instr: call, root: root, row: row, paths: paths, helper: callee})
	}
	return out
}

// unrestored returns the paths a store of a whole struct (sts.Spec =
// desired.Spec) changes, but those given back their stored value on
// some path around it: after it on the object itself
// (sts.Spec.Selector = existing.Spec.Selector), or before it on the
// object the struct is copied from (desired.Spec.Selector =
// existing.Spec.Selector). On the side of silence, one such path is
// enough.
func (c *checker) unrestored(fn *ssa.Function, ch change) []string {
	st, ok := ch.instr.(*ssa.Store)
	if ch.whole == "" || !ok {
		return ch.paths
	}
	var from ssa.Value // the object the struct is copied from
	if load, ok := ssaflow.StripConv(st.Val).(*ssa.UnOp); ok && load.Op == token.MUL {
		from, _, _ = fieldPath(load.X)
	}
	var out []string
	for _, q := range ch.paths {
		if !c.restoredPath(fn, st, q, ch.root, from) {
			out = append(out, q)
		}
	}
	return out
}

func (c *checker) restoredPath(fn *ssa.Function, whole *ssa.Store, q string, root, from ssa.Value) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			st, ok := instr.(*ssa.Store)
			if !ok || st == whole {
				continue
			}
			r, path, ok := fieldPath(st.Addr)
			if !ok || strings.Join(path, ".") != q || !c.selfValue(fn, st.Val, root) {
				continue
			}
			switch {
			case c.objs.Same(fn, r, root) && ssaflow.MayPrecede(whole, st):
				return true
			case from != nil && c.objs.Same(fn, r, from) && ssaflow.MayPrecede(st, whole):
				return true
			}
		}
	}
	return false
}

// fieldPath returns the object an address points into and the field
// names from it: &sts.Spec.Selector is sts and [Spec Selector]. Elements
// of slices (VolumeClaimTemplates[0]) and fields under pointers
// (Selector.MatchLabels) are followed; the root must be an object.
func fieldPath(addr ssa.Value) (ssa.Value, []string, bool) {
	var path []string
	v := addr
	for range 16 {
		switch x := ssaflow.Strip(v).(type) {
		case *ssa.FieldAddr:
			path = append(path, ssaflow.FieldName(x.X.Type(), x.Field))
			v = x.X
			continue
		case *ssa.IndexAddr:
			v = x.X
			continue
		case *ssa.UnOp:
			// A field holding a pointer, slice or map, loaded on the way.
			if _, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
				v = x.X
				continue
			}
			if _, ok := x.X.(*ssa.IndexAddr); ok && x.Op == token.MUL {
				v = x.X
				continue
			}
		}
		break
	}
	if len(path) == 0 {
		return nil, nil, false
	}
	slices.Reverse(path)
	return ssaflow.Strip(v), path, true
}

// changed returns the row's paths a store at path changes: the path
// itself or one under it, or every path under it for a store of a struct
// that holds them (the whole Spec), then named by whole.
func changed(row knowledge.ImmutableFields, path []string) (paths []string, whole string) {
	p := strings.Join(path, ".")
	for _, im := range row.Paths {
		switch {
		case p == im || strings.HasPrefix(p, im+"."):
			paths = append(paths, im)
		case strings.HasPrefix(im, p+"."):
			paths = append(paths, im)
			whole = p
		}
	}
	return paths, whole
}

// constValue reports whether v is a constant: the same on every
// reconcile, so it differs from the stored value only if other code made
// the object (a headless Service's clusterIP "None").
func constValue(v ssa.Value) bool {
	k, ok := ssaflow.StripConv(v).(*ssa.Const)
	return ok && (k.Value == nil || k.Value.Kind() != constant.Unknown)
}

// sameField reports whether v is read from the same field of another
// object of root's type (svc.Spec.ClusterIP = desired.Spec.ClusterIP):
// an object the code built, whose field is most often empty, which the
// API server then fills with the stored value (EmptyKept).
func sameField(v, root ssa.Value, path []string) bool {
	load, ok := ssaflow.StripConv(v).(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return false
	}
	src, p, ok := fieldPath(load.X)
	return ok && slices.Equal(p, path) && types.Identical(src.Type(), root.Type())
}

// selfValue reports whether v is read back from the object root itself,
// or a deep copy of what is read there (sts.Spec.Selector =
// existing.Spec.Selector, existing being the same object read again):
// the value stored on the server.
func (c *checker) selfValue(fn *ssa.Function, v, root ssa.Value) bool {
	v = ssaflow.StripConv(v)
	if orig, ok := objects.DeepCopyOf(v); ok {
		v = ssaflow.StripConv(orig)
	}
	if call, ok := v.(*ssa.Call); ok && !call.Common().IsInvoke() {
		// existing.Spec.Selector.DeepCopy(): a generated copy of a field.
		if callee := crapi.Callee(call.Common()); callee != nil && callee.Name() == "DeepCopy" && len(call.Common().Args) == 1 {
			v = ssaflow.StripConv(call.Common().Args[0])
		}
	}
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return false
	}
	src, _, ok := fieldPath(load.X)
	if !ok {
		return false
	}
	if c.objs.Same(fn, src, root) {
		return true
	}
	orig, isCopy := objects.DeepCopyOf(src)
	return isCopy && c.objs.Same(fn, orig, root)
}

// guarded reports whether b runs only on the side of a create test: the
// object's CreationTimestamp is zero, its ResourceVersion empty, or a
// read said NotFound. There the object does not exist yet, and its fields
// are the ones it is created with.
func guarded(b *ssa.BasicBlock) bool {
	return ssaflow.HoldsAt(b, createTest)
}

func createTest(cond ssa.Value, onTrue bool) bool {
	switch x := cond.(type) {
	case *ssa.UnOp:
		if x.Op == token.NOT {
			return createTest(x.X, !onTrue)
		}
	case *ssa.Call:
		if _, notFound, ok := crapi.NotFoundTest(x); ok {
			return onTrue == (notFound == 0)
		}
		if callee := crapi.Callee(x.Common()); callee != nil && callee.Name() == "IsZero" {
			recv := crapi.Receiver(x.Common())
			if recv != nil && crapi.IsNamed(recv.Type(), crapi.MetaV1Pkg, "Time") {
				return onTrue
			}
		}
	case *ssa.BinOp:
		if _, notFound, ok := crapi.NotFoundTest(x); ok {
			return onTrue == (notFound == 0)
		}
		if x.Op != token.EQL && x.Op != token.NEQ {
			return false
		}
		a, b := x.X, x.Y
		if !emptyString(b) {
			a, b = b, a
		}
		if !emptyString(b) || !resourceVersion(a) {
			return false
		}
		return onTrue == (x.Op == token.EQL)
	}
	return false
}

func emptyString(v ssa.Value) bool {
	k, ok := v.(*ssa.Const)
	return ok && k.Value != nil && k.Value.Kind() == constant.String && constant.StringVal(k.Value) == ""
}

// resourceVersion reports whether v reads an object's resourceVersion:
// the ResourceVersion field or GetResourceVersion().
func resourceVersion(v ssa.Value) bool {
	switch x := v.(type) {
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok {
			return ssaflow.FieldName(fa.X.Type(), fa.Field) == "ResourceVersion"
		}
	case *ssa.Call:
		callee := crapi.Callee(x.Common())
		return callee != nil && callee.Name() == "GetResourceVersion"
	}
	return false
}

// written tells how the change reaches the API server as an update of
// the object read from it: the mutate function of a CreateOrUpdate (the
// live object when it exists), or an Update or Patch in the same
// function of an object read there, with the change in between.
//
// It also returns the function holding the write and its call.
func (c *checker) written(fn *ssa.Function, ch change) (string, *ssa.Function, *ssa.Call, bool) {
	if u, ok := c.mutates[fn]; ok {
		if c.objs.Same(u.parent, ssaflow.Outer(ch.root), u.obj) {
			return "the live object " + u.via + " gives its mutate function", u.parent, u.call, true
		}
	}
	for _, site := range crapi.ClientCalls(fn) {
		if site.SubResource || len(site.Args) < 2 {
			continue
		}
		obj := site.Args[1]
		if !c.objs.Same(fn, obj, ch.root) {
			continue
		}
		var stops map[ssa.Instruction]bool
		switch site.Method {
		case crapi.Update:
		case crapi.Patch:
			if len(site.Args) < 3 {
				continue
			}
			if !crapi.IsApplyPatch(site.Args[2]) {
				// A merge patch sends what changed since its base was
				// copied: the change must come after the copy.
				_, base, ok := objects.MergeBase(site.Args[2])
				if !ok {
					continue
				}
				orig, isCopy := objects.DeepCopyOf(base)
				dup, isCall := ssaflow.Strip(base).(*ssa.Call)
				if !isCopy || !isCall || !c.objs.Same(fn, orig, obj) {
					continue
				}
				stops = map[ssa.Instruction]bool{dup: true}
			}
		default:
			continue
		}
		steps := c.objs.Steps(fn, site.Call, obj)
		if !fetchedOnly(steps) {
			continue
		}
		since := steps
		if stops != nil {
			since = c.objs.StepsUntil(fn, site.Call, obj, stops)
		}
		if slices.Contains(since.Changes, ch.instr) || slices.Contains(since.Unknown, ch.instr) {
			return "an object read from the server", fn, site.Call, true
		}
	}
	return "", nil, nil, false
}

// invalidHandled reports whether the error of the write call in fn (its
// last result), or the error fn returns carrying it, is tested with
// apierrors.IsInvalid, here or by the callers of fn in the package (three
// levels): the code answers the refusal itself (korifi deletes the
// Secret whose type changed and creates it again), and the refusal does
// not repeat on every reconcile.
func (c *checker) invalidHandled(fn *ssa.Function, call *ssa.Call, depth int) bool {
	if fn == nil || call == nil || depth > 3 {
		return false
	}
	var errv ssa.Value = call
	if t, ok := call.Type().(*types.Tuple); ok {
		if t.Len() == 0 || !crapi.IsError(t.At(t.Len()-1).Type()) {
			return false
		}
		errv = ssaflow.Extract(call, t.Len()-1)
	} else if !crapi.IsError(call.Type()) {
		return false
	}
	if errv == nil {
		return false
	}
	carriers := ssaflow.ErrorCarriers(fn, errv)
	// An err variable a closure captures lives in memory (korifi's
	// mutate function assigns err too): its loads may hold the error.
	for _, ref := range *errv.Referrers() {
		if st, ok := ref.(*ssa.Store); ok && st.Val == errv {
			if alloc, ok := st.Addr.(*ssa.Alloc); ok {
				for _, r := range *alloc.Referrers() {
					if ld, ok := r.(*ssa.UnOp); ok && ssaflow.IsLoadOf(ld, alloc) && ld.Block().Parent() == fn {
						maps.Copy(carriers, ssaflow.ErrorCarriers(fn, ld))
					}
				}
			}
		}
	}
	for v := range carriers {
		for _, r := range *v.Referrers() {
			if t, ok := r.(*ssa.Call); ok {
				if _, isInvalid := crapi.IsCallTo(t, crapi.APIErrorsPkg, "IsInvalid"); isInvalid {
					return true
				}
			}
		}
	}
	returned := false
	for ret := range ssaflow.Returns(fn) {
		if n := len(ret.Results); n > 0 && carriers[ret.Results[n-1]] {
			returned = true
		}
	}
	if !returned {
		return false
	}
	if c.callers == nil {
		c.callers = ssapkg.Of(c.pass).Callers(c.pass)
	}
	for _, site := range c.callers[fn] {
		if outer, ok := site.(*ssa.Call); ok && c.invalidHandled(outer.Parent(), outer, depth+1) {
			return true
		}
	}
	return false
}

// fetchedOnly reports whether every path to the write starts where the
// object is read from the server: not made here, nor handed in.
func fetchedOnly(s objects.Steps) bool {
	if s.Entry || len(s.Starts) == 0 {
		return false
	}
	for _, ev := range s.Starts {
		if ev != objects.Fetched {
			return false
		}
	}
	return true
}

// findUpserts maps the function literals handed to CreateOrUpdate and
// CreateOrPatch as mutate functions to their call.
func (c *checker) findUpserts() {
	for _, fn := range c.funcs {
		for call := range ssaflow.PlainCalls(fn) {
			cc := call.Common()
			callee := crapi.Callee(cc)
			if callee == nil {
				callee = crapi.CtrlVarFunc(cc.Value)
			}
			if !crapi.IsFuncIn(callee, crapi.ControllerutilPkg, "CreateOrUpdate", "CreateOrPatch") || len(cc.Args) < 4 {
				continue
			}
			mc, ok := ssaflow.Strip(cc.Args[3]).(*ssa.MakeClosure)
			if !ok {
				continue
			}
			if lit, ok := mc.Fn.(*ssa.Function); ok {
				c.mutates[lit] = upsert{parent: fn, call: call, obj: cc.Args[2], via: callee.Name()}
			}
		}
	}
}

// report says what the API server does with the change.
func (c *checker) report(ch change, where string) {
	fields := make([]string, len(ch.paths))
	for i, p := range ch.paths {
		fields[i] = jsonPath(p)
	}
	what := "the " + ch.row.Kind + "'s " + list(fields)
	if ch.whole != "" {
		what = "the " + ch.row.Kind + "'s " + jsonPath(ch.whole) + ", with its " + list(fields)
	}
	subject := "sets"
	if ch.helper != nil {
		subject = crapi.FuncName(c.pass.Pkg, ch.helper) + " sets"
	}
	answer := ch.row.Refusal
	if answer == "" {
		answer = "field is immutable"
	}
	refusal := `("` + answer + `")`
	if ch.row.Kind == "Job" && slices.Contains(ch.paths, "Spec.Template") {
		refusal = `("` + answer + `"; only a suspended Job that never started may change its pod's scheduling fields)`
	}
	diag.Report(c.pass, analysis.Diagnostic{Pos: ch.instr.Pos(), Message: fmt.Sprintf(
		"%s %s on %s: when the value set differs from the stored one, the API server refuses the update %s, on every reconcile until they agree; set it only when creating the object (CreationTimestamp zero), or delete and recreate the %s to change it",
		subject, what, where, refusal, ch.row.Kind)})
}

// jsonPath spells a path of Go field names as the API does:
// Spec.VolumeClaimTemplates is spec.volumeClaimTemplates.
func jsonPath(p string) string {
	parts := strings.Split(p, ".")
	for i, s := range parts {
		if s != "" {
			parts[i] = strings.ToLower(s[:1]) + s[1:]
		}
	}
	return strings.Join(parts, ".")
}

func list(ns []string) string {
	if len(ns) == 1 {
		return ns[0]
	}
	return strings.Join(ns[:len(ns)-1], ", ") + " and " + ns[len(ns)-1]
}

func typeName(t types.Type) *types.TypeName {
	if n := crapi.Named(t); n != nil {
		return n.Obj()
	}
	return nil
}
