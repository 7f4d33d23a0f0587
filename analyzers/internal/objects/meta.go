package objects

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/lifecycle"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// MetaAccess is a read or a write, in one function, of the labels or the
// annotations of an object: the keyed metadata users edit to steer a
// controller (a pause annotation, a trigger, a setting) and controllers
// write to remember what they did (a hash, a revision).
type MetaAccess struct {
	Instr ssa.Instruction
	// Obj is the object whose metadata it is: the value that embeds
	// ObjectMeta, or a metav1.Object; conversions stripped.
	Obj   ssa.Value
	Map   knowledge.MetaMap
	Write bool
	// Key is the key read or written when it is a constant; "" for the
	// whole map or a key computed at run time.
	Key string
	// Value is what a read gives: the map lookup (its value, or its
	// tuple with ok), a Has function's result, or the whole map handed to
	// a call. Nil for a write.
	Value ssa.Value
}

// Pos is where the access is written.
func (a MetaAccess) Pos() token.Pos { return a.Instr.Pos() }

// MetaAccesses returns fn's reads and writes of objects' labels and
// annotations: through ObjectMeta's fields and accessors, metav1.Object's,
// and the metav1 functions of knowledge's table (HasAnnotation,
// SetMetaDataLabel...). A map read whole is followed to its lookups
// (obj.GetAnnotations()[key], after a phi that makes a nil map empty);
// a map stored whole or given to SetAnnotations writes the keys stored in
// it here, or any key when they are not all constants. Deleting a key
// (delete, a nil map) is not a write: a trigger the controller removes
// once served is still the user's to set.
func MetaAccesses(fn *ssa.Function) []MetaAccess {
	if fn == nil {
		return nil
	}
	var out []MetaAccess
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.Call:
				out = append(out, metaCall(x)...)
			case *ssa.UnOp:
				if x.Op != token.MUL {
					continue
				}
				if fa, ok := x.X.(*ssa.FieldAddr); ok {
					if m := knowledge.MetaField(ssaflow.Deref(fa.X.Type()), fa.Field); m != 0 {
						out = append(out, mapUses(x, metaObject(fa.X), m)...)
					}
				}
			case *ssa.Field:
				if m := knowledge.MetaField(x.X.Type(), x.Field); m != 0 {
					out = append(out, mapUses(x, metaObject(x.X), m)...)
				}
			case *ssa.Store:
				fa, ok := x.Addr.(*ssa.FieldAddr)
				if !ok {
					continue
				}
				if m := knowledge.MetaField(ssaflow.Deref(fa.X.Type()), fa.Field); m != 0 {
					out = append(out, mapWrites(x, metaObject(fa.X), m, x.Val)...)
				}
			}
		}
	}
	return out
}

// metaCall recognises a call of knowledge's MetaOf table.
func metaCall(call *ssa.Call) []MetaAccess {
	cc := call.Common()
	row, ok := knowledge.MetaOf(crapi.Callee(cc))
	if !ok {
		return nil
	}
	var obj ssa.Value
	args := cc.Args
	if row.Obj < 0 {
		obj = crapi.Receiver(cc)
		if !cc.IsInvoke() && len(args) > 0 {
			args = args[1:]
		}
	} else if row.Obj < len(args) {
		obj = args[row.Obj]
	}
	if obj == nil {
		return nil
	}
	obj = metaObject(obj)
	key := ""
	if row.Key >= 0 && row.Key < len(args) {
		key, _ = crapi.ConstString(args[row.Key])
	}
	switch row.Op {
	case knowledge.MetaGet:
		return mapUses(call, obj, row.Map)
	case knowledge.MetaHas:
		return []MetaAccess{{Instr: call, Obj: obj, Map: row.Map, Key: key, Value: call}}
	case knowledge.MetaSetKey:
		return []MetaAccess{{Instr: call, Obj: obj, Map: row.Map, Write: true, Key: key}}
	case knowledge.MetaSet:
		if len(args) == 0 {
			return nil
		}
		return mapWrites(call, obj, row.Map, args[0])
	}
	return nil
}

// metaObject maps an ObjectMeta (a pointer to one, or a load of one) to
// the object that embeds it.
func metaObject(v ssa.Value) ssa.Value {
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		v = u.X
	}
	return lifecycle.ObjectOf(v)
}

// mapUses returns the keyed reads and writes made on map m, a read of
// obj's labels or annotations, and of the phis it flows into: a lookup
// reads its key, a map update writes its key, a call given the map reads
// it whole.
func mapUses(m ssa.Value, obj ssa.Value, which knowledge.MetaMap) []MetaAccess {
	var out []MetaAccess
	for _, v := range mapValues(m) {
		for _, r := range *v.Referrers() {
			switch u := r.(type) {
			case *ssa.Lookup:
				key, _ := crapi.ConstString(u.Index)
				out = append(out, MetaAccess{Instr: u, Obj: obj, Map: which, Key: key, Value: u})
			case *ssa.MapUpdate:
				key, _ := crapi.ConstString(u.Key)
				out = append(out, MetaAccess{Instr: u, Obj: obj, Map: which, Write: true, Key: key})
			case ssa.CallInstruction:
				if b, ok := u.Common().Value.(*ssa.Builtin); ok && b.Name() != "append" {
					continue // len, delete
				}
				if row, ok := knowledge.MetaOf(crapi.Callee(u.Common())); ok && row.Op == knowledge.MetaSet {
					continue // put back where it was read from: its updates are counted
				}
				out = append(out, MetaAccess{Instr: r, Obj: obj, Map: which, Value: v})
			}
		}
	}
	return out
}

// mapValues returns m and the phis it flows into (a nil map made empty
// before it is filled), up to a few levels.
func mapValues(m ssa.Value) []ssa.Value {
	out := []ssa.Value{m}
	for i := 0; i < len(out) && i < 8; i++ {
		if out[i].Referrers() == nil {
			continue
		}
		for _, r := range *out[i].Referrers() {
			if phi, ok := r.(*ssa.Phi); ok && !containsValue(out, phi) {
				out = append(out, phi)
			}
		}
	}
	return out
}

func containsValue(list []ssa.Value, v ssa.Value) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// mapWrites returns the writes of storing map m whole into obj's labels
// or annotations at instr: each constant key put into a map made here
// (a literal, make), or one write of any key when m comes from elsewhere
// or gets a computed key. A nil map writes nothing; a map read from an
// object's metadata brings the keys updated in it, which mapUses counts.
func mapWrites(instr ssa.Instruction, obj ssa.Value, which knowledge.MetaMap, m ssa.Value) []MetaAccess {
	var out []MetaAccess
	anyKey := false
	seen := map[ssa.Value]bool{}
	var walk func(v ssa.Value, depth int)
	walk = func(v ssa.Value, depth int) {
		if seen[v] || depth > 8 {
			return
		}
		seen[v] = true
		switch x := v.(type) {
		case *ssa.Const:
			return // nil
		case *ssa.Phi:
			for _, e := range x.Edges {
				walk(e, depth+1)
			}
			return
		case *ssa.MakeMap:
			for _, r := range *x.Referrers() {
				if u, ok := r.(*ssa.MapUpdate); ok {
					if key, ok := crapi.ConstString(u.Key); ok {
						out = append(out, MetaAccess{Instr: instr, Obj: obj, Map: which, Write: true, Key: key})
					} else {
						anyKey = true
					}
				}
			}
			return
		case *ssa.UnOp, *ssa.Field, *ssa.Call:
			if isMetaRead(x) {
				return
			}
		}
		anyKey = true
	}
	walk(m, 0)
	if anyKey {
		out = append(out, MetaAccess{Instr: instr, Obj: obj, Map: which, Write: true})
	}
	return out
}

// isMetaRead reports whether v reads an object's labels or annotations
// whole (GetLabels(), a load of the field).
func isMetaRead(v ssa.Value) bool {
	switch x := v.(type) {
	case *ssa.Call:
		row, ok := knowledge.MetaOf(crapi.Callee(x.Common()))
		return ok && row.Op == knowledge.MetaGet
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			return knowledge.MetaField(ssaflow.Deref(fa.X.Type()), fa.Field) != 0
		}
	case *ssa.Field:
		return knowledge.MetaField(x.X.Type(), x.Field) != 0
	}
	return false
}

// metaKeys returns the label and annotation reads of fn's object
// parameters that its results are computed from, and the keys it writes
// on them: the part of its Summary that callers in other packages read
// (ImportedMeta).
func (r *Result) metaKeys(fn *ssa.Function) (reads, writes []MetaKey) {
	accesses := MetaAccesses(fn)
	if len(accesses) == 0 {
		return nil, nil
	}
	var rets []*ssa.Return
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			rets = append(rets, ret)
		}
	}
	seen := map[MetaKey]bool{}
	for i, p := range fn.Params {
		if !ObjectParam(p.Type()) {
			continue
		}
		for _, a := range accesses {
			if !r.e.identity(fn).Same(a.Obj, p) {
				continue
			}
			k := MetaKey{Param: i, Map: a.Map, Key: a.Key}
			if a.Write {
				if !seen[k] {
					writes = append(writes, k)
				}
				seen[k] = true
				continue
			}
			if seen[MetaKey{Param: -1 - i, Map: a.Map, Key: a.Key}] || !returnsFrom(rets, a.Value) {
				continue
			}
			seen[MetaKey{Param: -1 - i, Map: a.Map, Key: a.Key}] = true
			reads = append(reads, k)
		}
	}
	return reads, writes
}

func returnsFrom(rets []*ssa.Return, v ssa.Value) bool {
	roots := map[ssa.Value]bool{v: true}
	for _, ret := range rets {
		for _, res := range ret.Results {
			if ssaflow.DependsOnValue(res, roots) {
				return true
			}
		}
	}
	return false
}

// ImportedMeta returns what fn, a function of another package of the
// module, reads from its object parameters' labels and annotations to
// compute its results, and the keys it writes on them (its Summary fact).
// Parameters are indexed as SSA does (the receiver first).
func (r *Result) ImportedMeta(fn *types.Func) (reads, writes []MetaKey) {
	if r.e == nil || fn == nil {
		return nil, nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	s := r.e.importedSummary(fn)
	if s == nil {
		return nil, nil
	}
	return s.MetaReads, s.MetaWrites
}
