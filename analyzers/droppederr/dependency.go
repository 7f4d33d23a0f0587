package droppederr

import (
	"fmt"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/lifecycle"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// A Delete after a failed write counts only when it depends on that
// write: it deletes what the write was to make or to free (the object a
// Create makes, finalizers an Update removes), its object is computed from
// what the write changed, or one of its guards reads what the write
// changed, its error or its results. A Delete that reads none of it
// (ydb-kubernetes-operator's remotestoragenodeset, guarded by another
// annotation than the one the failed Patch removes) runs the same whether
// the write succeeded or not. What the write changes is read from the code
// (the patch's text, the edits since the object was fetched or its merge
// base copied); when the code does not say, every part of the object
// counts, so the finding stays. The message says "as if it had succeeded"
// only when that is what the Delete does: it acts on server state the
// write was to change, or reads edits the object in memory carries; after
// a failed raw patch the object is as it was (ydb's remotedatabasenodeset
// reads the very annotation its Patch removes), and the Delete is decided
// on that.

// written is what a failed write was to change.
type written struct {
	objs []ssa.Value // the objects written
	// all: the whole object, or a part the code does not show.
	all bool
	// create: the write makes the object, name and UID included.
	create bool
	// fields are the top-level fields and ObjectMeta fields written whole,
	// by their lower-cased names ("spec", "status", "finalizers",
	// "annotations", "metadata" for all of ObjectMeta), each with its Go
	// name (a JSON name with its first letter upper-cased).
	fields map[string]string
	// keys are the single labels and annotations written.
	keys map[metaKey]bool
	// carried says where the change is before the write: in the object in
	// memory (an Update, a merge patch: a read after the failure sees what
	// the write meant), only in the request (a raw patch: a read sees the
	// object as it was), or either (a helper).
	carried carriage
}

// carriage is where a write's change is before the write is made.
type carriage uint8

const (
	carriedUnknown carriage = iota
	carriedLocal
	carriedRequest
)

// dependence is how a Delete depends on a failed write, for the message.
type dependence struct {
	why string // "it reads annotation "x", which Patch writes, at line 12"
	// asIf: the Delete acts as if the write had succeeded (on server
	// state the write was to change, or on the edits the object in memory
	// carries); known: the write's change is known, not assumed whole.
	asIf, known bool
	// sees is, when not asIf, what the Delete is decided on after the
	// failure ("the object as it was before Patch").
	sees string
}

type metaKey struct {
	m   knowledge.MetaMap
	key string
}

func (w *written) addField(name string) {
	if name == "" {
		w.all = true // an empty key: what it writes is not known
		return
	}
	if w.fields == nil {
		w.fields = map[string]string{}
	}
	w.fields[strings.ToLower(name)] = strings.ToUpper(name[:1]) + name[1:]
}

func (w *written) addKey(m knowledge.MetaMap, key string) {
	if w.keys == nil {
		w.keys = map[metaKey]bool{}
	}
	w.keys[metaKey{m, key}] = true
}

// mapField is the ObjectMeta field of a label or annotation map.
func mapField(m knowledge.MetaMap) string {
	if m == knowledge.Labels {
		return "labels"
	}
	return "annotations"
}

// has reports whether the field (any case) is written whole.
func (w *written) has(field string) bool {
	_, ok := w.fields[strings.ToLower(field)]
	return ok
}

// writesMeta reports whether anything of ObjectMeta is written.
func (w *written) writesMeta() bool {
	if w.all || w.has("metadata") || len(w.keys) > 0 {
		return true
	}
	for _, name := range w.fields {
		if objects.ClassOfName(name) == objects.Meta {
			return true
		}
	}
	return false
}

// writesPart reports whether a read of the part p of a written object may
// see what the write changed.
func (w *written) writesPart(p objects.Part) bool {
	if w.all || (p.Whole && (len(w.fields) > 0 || len(w.keys) > 0)) {
		return true
	}
	if p.Class == objects.Meta && p.Name == "metadata" {
		return w.writesMeta()
	}
	if p.Class == objects.Meta && w.has("metadata") {
		return true
	}
	if w.has(p.Name) {
		return true
	}
	if m := objects.MetaMapOf(p.Name); m != 0 {
		for k := range w.keys {
			if k.m == m {
				return true
			}
		}
	}
	return false
}

// writesKey reports whether a read of the key of map m (any key when key
// is "") may see what the write changed.
func (w *written) writesKey(m knowledge.MetaMap, key string) bool {
	if w.all || w.has("metadata") || w.has(mapField(m)) {
		return true
	}
	if key == "" {
		for k := range w.keys {
			if k.m == m {
				return true
			}
		}
		return false
	}
	return w.keys[metaKey{m, key}]
}

// whatWritten returns what the failed write of src was to change
// (memoised on src).
func (c *checker) whatWritten(src *source) *written {
	if src.what != nil {
		return src.what
	}
	w := &written{}
	src.what = w
	if src.client == nil {
		// A helper of the module: its objects, changed in ways its
		// summary does not spell out field by field, in memory or only
		// on the server.
		w.all = true
		for _, a := range crapi.CallArgs(src.call.Common()) {
			if !objects.ObjectParam(a.Type()) {
				continue
			}
			// An object the helper's summary says it only reads (its
			// name, to find another object) is not one it writes:
			// agent-sandbox's cleanupLegacyNetworkPolicy deletes a
			// NetworkPolicy named after the claim it is given.
			if eff, ev := c.h.EffectOf(c.fn, src.call, a); eff.Strong == 0 && eff.Weak == 0 && ev == objects.None {
				continue
			}
			w.objs = append(w.objs, ssaflow.Strip(a))
		}
		return w
	}
	if src.written == nil {
		w.all = true
		return w
	}
	w.objs = []ssa.Value{src.written}
	cc := src.call.Common()
	args := crapi.CallArgs(cc)
	raw := ""
	isRaw := false
	if src.client.Method == crapi.Patch && len(args) >= 3 {
		raw, isRaw = objects.RawPatchData(args[2])
	}
	w.carried = carriedLocal
	switch {
	case src.client.Method == crapi.Create:
		w.all, w.create = true, true
	case src.client.SubResource:
		if !crapi.IsStatusWrite(cc, *src.client) {
			w.all, w.carried = true, carriedUnknown
			break
		}
		w.addField("Status")
		if isRaw {
			w.carried = carriedRequest
		}
	case src.client.Method == crapi.Update:
		c.editsBefore(w, src.call, src.written, nil)
	case isRaw:
		// The change is only in the request: the object in memory is
		// left as it was when the Patch fails.
		w.carried = carriedRequest
		if !patchPaths(w, raw) {
			w.all = true
		}
	case src.client.Method == crapi.Patch && len(args) >= 3:
		// Only a base copied here bounds the edits the patch carries.
		if _, base, ok := objects.MergeBase(args[2]); ok {
			if orig, isCopy := objects.DeepCopyOf(base); isCopy && c.h.Same(c.fn, orig, src.written) {
				cp := ssaflow.Strip(base).(*ssa.Call)
				c.editsBefore(w, src.call, src.written, map[ssa.Instruction]bool{cp: true})
				break
			}
		}
		w.all = true
		if !crapi.IsApplyPatch(args[2]) {
			w.carried = carriedUnknown // a patch of its own kind
		}
	default:
		w.all = true
	}
	return w
}

// editsBefore adds to w the changes made to obj before the write call
// since it was fetched or last written (or since its merge base was
// copied, at stops): what an Update or a merge patch sends that the
// server does not hold. An object made here or given by the caller, or
// handed to code the layer cannot see into, is written whole.
func (c *checker) editsBefore(w *written, call *ssa.Call, obj ssa.Value, stops map[ssa.Instruction]bool) {
	s := c.h.StepsUntil(c.fn, call, obj, stops)
	if s.Entry || len(s.Unknown) > 0 || (s.Strong|s.Weak)&objects.Unknown != 0 {
		w.all = true
		return
	}
	for _, ev := range s.Starts {
		if ev != objects.Fetched && ev != objects.Written {
			w.all = true
			return
		}
	}
	keyed := map[ssa.Instruction][]objects.MetaAccess{}
	for _, a := range c.metaAccesses() {
		if a.Write && c.h.Same(c.fn, a.Obj, obj) {
			keyed[a.Instr] = append(keyed[a.Instr], a)
		}
	}
	for _, ch := range s.Changes {
		if ws := keyed[ch]; len(ws) > 0 && allKeyed(ws) {
			for _, a := range ws {
				w.addKey(a.Map, a.Key)
			}
			continue
		}
		eff, _ := c.h.EffectOf(c.fn, ch, obj)
		if len(eff.Names) == 0 || (eff.Strong|eff.Weak)&objects.Unknown != 0 {
			w.all = true
			return
		}
		for n := range eff.Names {
			w.addField(n)
		}
	}
}

// metaAccesses returns the function's reads and writes of labels and
// annotations (memoised: each Delete after each failed write asks).
func (c *checker) metaAccesses() []objects.MetaAccess {
	if c.metas == nil {
		c.metas = objects.MetaAccesses(c.fn)
		if c.metas == nil {
			c.metas = []objects.MetaAccess{}
		}
	}
	return c.metas
}

// allKeyed reports whether every write names its key.
func allKeyed(ws []objects.MetaAccess) bool {
	for _, a := range ws {
		if a.Key == "" {
			return false
		}
	}
	return true
}

// patchPaths adds to w what the JSON patch text writes (the object
// layer's reading of it); false when the text is no patch it reads.
func patchPaths(w *written, text string) bool {
	parts, all, ok := objects.PatchParts(text)
	if !ok {
		return false
	}
	if all {
		w.all = true
	}
	for _, p := range parts {
		if p.Map != 0 {
			w.addKey(p.Map, p.Key)
		} else {
			w.addField(p.Field)
		}
	}
	return true
}

// deleteDependence returns how the Delete del, of obj, depends on the
// failed write src, or nil when it does not. after are the blocks that run
// after the failing branch, test the block of the error's test.
func (c *checker) deleteDependence(src *source, del *ssa.Call, obj ssa.Value, after map[*ssa.BasicBlock]bool, test *ssa.BasicBlock) *dependence {
	w := c.whatWritten(src)
	what := c.sourceName(src)
	obj = ssaflow.Strip(obj)
	d := &depWalk{c: c, src: src, w: w, what: what}
	same := d.writtenObj(obj) != nil
	if !same {
		if r := d.reason(obj); r != nil {
			return r
		}
	}
	// The guards: the branches after the failing one that decide whether
	// del runs (one side reaches it in this pass of a loop, the other
	// does not).
	skip := func(from, to *ssa.BasicBlock) bool { return to == test || to.Dominates(from) }
	reaches := func(from, to *ssa.BasicBlock) bool {
		return !skip(from, to) && ssaflow.Reachable(to, skip)[del.Block()]
	}
	// A branch that can start another pass of a loop before the test
	// comes round again decides the next element's Delete, after the
	// write is made again: not this failure's, as for the consequences.
	next := c.nextIteration(test)
	for _, b := range c.fn.Blocks {
		if !after[b] || next[b] || b == del.Block() {
			continue
		}
		ifi, ok := ssaflow.Last(b).(*ssa.If)
		if !ok || reaches(b, b.Succs[0]) == reaches(b, b.Succs[1]) {
			continue
		}
		if r := d.reason(ifi.Cond); r != nil {
			return r
		}
	}
	if !same {
		return nil
	}
	// The written object itself: a Delete sends only its name and
	// namespace, and the server then waits on its finalizers. Whatever
	// the object in memory holds, the Delete acts on what the server has.
	switch {
	case w.create:
		return &dependence{why: fmt.Sprintf("it deletes the object %s makes", what), asIf: true, known: true}
	case w.all:
		return &dependence{why: fmt.Sprintf("it deletes the object %s writes", what), asIf: true}
	case w.has("finalizers") || w.has("metadata"):
		return &dependence{why: fmt.Sprintf("it deletes the object whose finalizers %s writes", what), asIf: true, known: true}
	}
	return nil
}

// depWalk finds, in the computation of a value, a read of what a failed
// write was to change.
type depWalk struct {
	c    *checker
	src  *source
	w    *written
	what string
	meta map[ssa.Value]objects.MetaAccess
	seen map[ssa.Value]bool
}

// reason returns how v depends on the failed write, or nil.
func (d *depWalk) reason(v ssa.Value) *dependence {
	if d.meta == nil {
		d.meta = map[ssa.Value]objects.MetaAccess{}
		for _, a := range d.c.metaAccesses() {
			if a.Write || a.Value == nil || d.writtenObj(a.Obj) == nil {
				continue
			}
			if _, ok := d.meta[a.Value]; !ok {
				d.meta[a.Value] = a
			}
		}
	}
	d.seen = map[ssa.Value]bool{}
	return d.walk(v, 0)
}

// read is the dependence of a read of what the write changes: the object
// in memory carries the write's edits (the Delete then acts as if it had
// succeeded), or only the request did (it sees the object as it was).
func (d *depWalk) read(v ssa.Value, part string) *dependence {
	r := &dependence{known: !d.w.all}
	if r.known {
		r.why = fmt.Sprintf("it reads %s, which %s writes, at line %d", part, d.what, d.line(v))
	} else {
		r.why = fmt.Sprintf("it reads %s of the object %s writes, at line %d", part, d.what, d.line(v))
	}
	switch d.w.carried {
	case carriedLocal:
		r.asIf = true
	case carriedRequest:
		r.sees = fmt.Sprintf("the object as it was before %s", d.what)
	default:
		r.sees = fmt.Sprintf("whatever the failed %s left in the object", d.what)
	}
	return r
}

// writtenObj returns the written object v is, or nil.
func (d *depWalk) writtenObj(v ssa.Value) ssa.Value {
	for _, o := range d.w.objs {
		if d.c.h.Same(d.c.fn, v, o) {
			return o
		}
	}
	return nil
}

// after reports whether instr may run after the failed write: what was
// read before it, the write could not decide.
func (d *depWalk) after(v ssa.Value) bool {
	instr, ok := v.(ssa.Instruction)
	return !ok || ssaflow.MayPrecede(d.src.call, instr)
}

func (d *depWalk) line(v ssa.Value) int {
	return d.c.pass.Fset.Position(v.Pos()).Line
}

func (d *depWalk) walk(v ssa.Value, depth int) *dependence {
	if v == nil || depth > 24 || d.seen[v] {
		return nil
	}
	d.seen[v] = true
	if d.src.carriers[v] {
		return &dependence{why: fmt.Sprintf("it is decided by the error of %s", d.what), known: true, sees: "that error"}
	}
	if v == ssa.Value(d.src.call) {
		return &dependence{why: fmt.Sprintf("it uses the result of %s", d.what), known: true,
			sees: fmt.Sprintf("what %s returns with its error", d.what)}
	}
	// Another call's error says whether it failed, not what it read of
	// its arguments (a Get given the written object fills it).
	if isCallError(v) {
		return nil
	}
	// A label or annotation of the written object.
	if a, ok := d.meta[v]; ok {
		if !d.w.writesKey(a.Map, a.Key) || !d.after(v) {
			return nil
		}
		if a.Key == "" {
			return d.read(v, fmt.Sprintf("the %ss", a.Map))
		}
		return d.read(v, fmt.Sprintf("%s %q", a.Map, a.Key))
	}
	// A getter of the written object's metadata: its identity, its
	// deletion timestamp.
	if call, ok := v.(*ssa.Call); ok {
		if field, recv, ok := metaGetter(call); ok && d.writtenObj(recv) != nil {
			if !d.w.writesPart(objects.Part{Class: objects.Meta, Name: field}) || !d.after(v) {
				return nil
			}
			return d.read(v, "."+field)
		}
	}
	// A field of the written object.
	for _, o := range d.w.objs {
		p, ok := d.c.h.Part(d.c.fn, v, o)
		if !ok {
			continue
		}
		if p.Whole {
			if _, isLoad := v.(*ssa.UnOp); !isLoad {
				// The object itself, handed to code whose reads are not
				// known.
				r := d.read(v, "the object")
				r.why = fmt.Sprintf("it reads the object %s writes", d.what)
				return r
			}
		}
		if !d.w.writesPart(p) || !d.after(v) {
			return nil
		}
		if p.Whole || p.Name == "" {
			r := d.read(v, "the object")
			r.why = fmt.Sprintf("it reads the object %s writes, at line %d", d.what, d.line(v))
			return r
		}
		return d.read(v, "."+p.Name)
	}
	srcs := ssaflow.Sources(v, true)
	if alloc, ok := v.(*ssa.Alloc); ok {
		// old.Name = ...: stores into the fields of the fields of a
		// local object, which Sources does not list.
		srcs = append(srcs, nestedStores(alloc)...)
	}
	for _, s := range srcs {
		if r := d.walk(s, depth+1); r != nil {
			return r
		}
	}
	return nil
}

// nestedStores returns the values stored into the fields and elements of
// the fields and elements of alloc, two levels down and more.
func nestedStores(alloc *ssa.Alloc) []ssa.Value {
	var out []ssa.Value
	var visit func(v ssa.Value, depth int)
	visit = func(v ssa.Value, depth int) {
		refs := v.Referrers()
		if refs == nil || depth > 4 {
			return
		}
		for _, r := range *refs {
			switch r := r.(type) {
			case *ssa.Store:
				if r.Addr == v && depth > 1 {
					out = append(out, r.Val)
				}
			case *ssa.FieldAddr, *ssa.IndexAddr:
				visit(r.(ssa.Value), depth+1)
			}
		}
	}
	visit(alloc, 0)
	return out
}

// isCallError reports whether v is the error result of a call.
func isCallError(v ssa.Value) bool {
	var call *ssa.Call
	switch x := v.(type) {
	case *ssa.Extract:
		call, _ = x.Tuple.(*ssa.Call)
	case *ssa.Call:
		call = x
	}
	return call != nil && crapi.IsError(v.Type())
}

// metaGetter recognises call as a getter of ObjectMeta other than the
// label and annotation maps (GetName, GetNamespace, GetDeletionTimestamp)
// and returns the field it reads and the object.
func metaGetter(call *ssa.Call) (string, ssa.Value, bool) {
	fn := crapi.Callee(call.Common())
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != lifecycle.MetaV1Pkg || fn.Signature().Recv() == nil {
		return "", nil, false
	}
	field, ok := strings.CutPrefix(fn.Name(), "Get")
	if !ok || field == "" || len(crapi.CallArgs(call.Common())) != 0 {
		return "", nil, false
	}
	recv := crapi.Receiver(call.Common())
	if recv == nil {
		return "", nil, false
	}
	return field, ssaflow.Strip(recv), true
}
