package wiring

import (
	"fmt"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"
	"k8s.io/apimachinery/pkg/labels"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// This file is the cache part of what a manager is configured with: the
// label selector each object type is cached under (manager.Options'
// Cache, a cache.Options). The cache a manager makes (cluster.New with
// cache.New) lists and watches each type with its selector, ByObject[T].Label
// or else DefaultLabelSelector, so a cached Get of an object whose labels
// do not match it says NotFound though the object exists.

const (
	cachePkg  = "sigs.k8s.io/controller-runtime/pkg/cache"
	labelsPkg = "k8s.io/apimachinery/pkg/labels"
)

// CacheConfig is the label selectors of a manager's cache: what
// manager.Options.Cache says, read from the options given to the call
// that makes the manager. Selectors are kept as labels.Selector's
// canonical text ("app=web,tier in (a,b)"); "" is none (every object).
type CacheConfig struct {
	// At is where the options' cache.Options is written (file:line), the
	// manager's call when it is not.
	At string
	// ByObject is ByObject's entries, one per type.
	ByObject []CacheEntry
	// Default is DefaultLabelSelector, DefaultAt where it is set.
	Default, DefaultAt string
	// DefaultOpen says why DefaultLabelSelector is not known ("" when it
	// is): a selector that is not a constant set, or built where the
	// layer does not follow.
	DefaultOpen string
	// Open says why the whole answer is not known ("" when it is): the
	// options built by a call or given as a parameter, ByObject filled in
	// a loop or handed to a function, a NewCache of the code's own, a
	// DefaultNamespaces entry with a selector of its own. No type's
	// selector is then known.
	Open string

	pos, defaultPos token.Pos // in the analysed package only
}

// CacheEntry is one ByObject entry: the type and its Label.
type CacheEntry struct {
	Type crapi.TypeRef
	// Selector is the entry's Label; "" with NoLabel when the entry sets
	// none (the type then takes DefaultLabelSelector).
	Selector string
	NoLabel  bool
	// At is the entry's place (file:line), where a finding about its
	// type belongs.
	At string
	// Open says why the entry's selector is not known ("" when it is).
	Open string

	pos token.Pos
}

// CacheSelector is the answer for one type: the selector its objects are
// cached under, where it is set, and whether that is known.
type CacheSelector struct {
	// Selector is "" when the cache keeps every object of the type.
	Selector string
	At       string
	// ByObject: the selector is the type's ByObject entry's, not
	// DefaultLabelSelector.
	ByObject bool
	// Open says why the selector is not known ("" when it is).
	Open string
	Pos  token.Pos // in the analysed package only
}

// SelectorOf returns the selector objects of type t are cached under. A
// nil CacheConfig is a manager given no cache options: every object is
// cached.
func (c *CacheConfig) SelectorOf(t crapi.TypeRef) CacheSelector {
	if c == nil {
		return CacheSelector{}
	}
	if c.Open != "" {
		return CacheSelector{Open: c.Open}
	}
	t.Ptr = false
	for _, e := range c.ByObject {
		if e.Type != t {
			continue
		}
		if e.Open != "" {
			return CacheSelector{Open: e.Open}
		}
		if !e.NoLabel {
			return CacheSelector{Selector: e.Selector, At: e.At, ByObject: true, Pos: e.pos}
		}
	}
	return CacheSelector{Selector: c.Default, At: c.DefaultAt, Open: c.DefaultOpen, Pos: c.defaultPos}
}

// Pos is where the cache options are written, when in the analysed
// package.
func (c *CacheConfig) Pos() token.Pos { return c.pos }

// String renders the selectors for the fact's text: "" when the cache
// filters nothing and is known to.
func (c *CacheConfig) String() string {
	if c == nil {
		return ""
	}
	var s []string
	if c.Open != "" {
		s = append(s, fmt.Sprintf("open=%q", c.Open))
	}
	for _, e := range c.ByObject {
		switch {
		case e.Open != "":
			s = append(s, fmt.Sprintf("%s=open(%q)", e.Type.Name, e.Open))
		case e.NoLabel:
			s = append(s, e.Type.Name+"=default")
		default:
			s = append(s, fmt.Sprintf("%s=%q", e.Type.Name, e.Selector))
		}
	}
	switch {
	case c.DefaultOpen != "":
		s = append(s, fmt.Sprintf("default=open(%q)", c.DefaultOpen))
	case c.Default != "":
		s = append(s, fmt.Sprintf("default=%q", c.Default))
	}
	if len(s) == 0 {
		return ""
	}
	return " cache(" + strings.Join(s, " ") + ")"
}

// ManagerCache returns the cache configuration of a manager package main
// makes (see Managers).
func (r *Result) ManagerCache(m Manager) *CacheConfig {
	return r.cacheOf(m.Fn, m.Call)
}

// cacheOf reads the Cache field of the options given to call, a
// NewManager call of fn: nil when the options set no cache selector
// and no NewCache.
func (r *Result) cacheOf(fn *ssa.Function, call ssa.CallInstruction) *CacheConfig {
	args := crapi.CallArgs(call.Common())
	if len(args) < 2 {
		return nil
	}
	cr := &cacheReader{r: r, fn: fn}
	c := &CacheConfig{At: r.at(call.Pos()), pos: call.Pos()}
	if vals, open := cr.path(args[1], []string{"NewCache"}, 0); open != "" {
		c.Open = open
	} else if slices.ContainsFunc(vals, notNil) {
		c.Open = "the manager's cache is made by a NewCache function of the code's own"
	}
	if c.Open == "" {
		cr.readCache(c, args[1])
	}
	if c.Open == "" && c.DefaultOpen == "" && c.Default == "" && len(c.ByObject) == 0 {
		return nil
	}
	return c
}

// readCache reads the Cache field of the manager's options opts into c,
// field by field: a whole cache.Options assigned and some of its fields
// assigned again both count.
func (cr *cacheReader) readCache(c *CacheConfig, opts ssa.Value) {
	nss, open := cr.path(opts, []string{"Cache", "DefaultNamespaces"}, 0)
	if open == "" {
		open = cr.namespaceSelectors(nss)
	}
	if open != "" {
		c.Open = open
		return
	}
	sels, open := cr.path(opts, []string{"Cache", "DefaultLabelSelector"}, 0)
	switch {
	case open != "":
		c.DefaultOpen = open
	case len(sels) > 1:
		c.DefaultOpen = "DefaultLabelSelector is set in several places"
	case len(sels) == 1:
		sel, known, why := cr.selector(sels[0], 0)
		if !known {
			c.DefaultOpen = why
		}
		c.Default = sel
		if p := cr.origin(sels[0]); p.IsValid() {
			c.defaultPos, c.DefaultAt = p, cr.r.at(p)
		}
	}
	cr.loads = nil
	byObj, open := cr.path(opts, []string{"Cache", "ByObject"}, 0)
	if open != "" {
		c.Open = open
		return
	}
	for _, l := range cr.loads {
		if why := cr.byObject(c, l); why != "" {
			c.Open = why
			return
		}
	}
	for _, m := range byObj {
		if p := cr.origin(m); p.IsValid() {
			c.pos, c.At = p, cr.r.at(p)
		}
		if why := cr.byObject(c, m); why != "" {
			c.Open = why
			return
		}
	}
}

// byObject reads a ByObject map: a literal or a make whose updates all
// have a key of a known object type.
func (cr *cacheReader) byObject(c *CacheConfig, m ssa.Value) string {
	m = ssaflow.StripConv(m)
	if k, ok := m.(*ssa.Const); ok && k.IsNil() {
		return ""
	}
	var mm ssa.Value
	switch x := m.(type) {
	case *ssa.MakeMap:
		mm = x
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return "ByObject is not a map literal the layer reads"
		}
		mm = x // a load of the field that holds the map
	default:
		return "ByObject is not a map literal the layer reads"
	}
	for _, ref := range *mm.Referrers() {
		u, ok := ref.(*ssa.MapUpdate)
		if !ok {
			if !cr.holds(ref, mm) {
				return "ByObject is handed on before the manager is made"
			}
			continue
		}
		if cr.inLoop(u) {
			return "ByObject is filled in a loop"
		}
		t := ssaflow.StripConv(u.Key).Type()
		ref, known := crapi.RefOf(t)
		if !known || types.IsInterface(t) {
			return "a ByObject key's type is not known"
		}
		ref.Ptr = false
		e := CacheEntry{Type: ref, At: cr.r.at(u.Pos()), pos: u.Pos()}
		sels, open := cr.path(u.Value, []string{"Label"}, 0)
		if open == "" {
			var nss []ssa.Value
			nss, open = cr.path(u.Value, []string{"Namespaces"}, 0)
			if open == "" {
				open = cr.namespaceSelectors(nss)
			}
		}
		switch {
		case open != "":
			e.Open = open
		case len(sels) == 0:
			e.NoLabel = true
		case len(sels) > 1:
			e.Open = "its Label is set in several places"
		default:
			sel, known, why := cr.selector(sels[0], 0)
			switch {
			case !known:
				e.Open = why
			case sel == "" && isNil(sels[0]):
				e.NoLabel = true
			}
			e.Selector = sel
		}
		c.ByObject = append(c.ByObject, e)
	}
	return ""
}

// namespaceSelectors says why maps of namespace configs (DefaultNamespaces,
// ByObject.Namespaces) leave the selectors open: a config that sets a
// LabelSelector of its own takes precedence over the type's (cache.go's
// defaultOpts), per namespace. "" when none does.
func (cr *cacheReader) namespaceSelectors(nss []ssa.Value) string {
	for _, m := range nss {
		m = ssaflow.StripConv(m)
		if k, ok := m.(*ssa.Const); ok && k.IsNil() {
			continue
		}
		mm, ok := m.(*ssa.MakeMap)
		if !ok {
			return "namespace configs the layer does not read"
		}
		for _, ref := range *mm.Referrers() {
			u, ok := ref.(*ssa.MapUpdate)
			if !ok {
				if !cr.holds(ref, mm) {
					return "namespace configs handed on"
				}
				continue
			}
			sels, open := cr.path(u.Value, []string{"LabelSelector"}, 0)
			if open != "" {
				return open
			}
			if slices.ContainsFunc(sels, notNil) {
				return "a namespace config sets a label selector of its own"
			}
		}
	}
	return ""
}

// cacheReader follows option values inside one function.
type cacheReader struct {
	r  *Result
	fn *ssa.Function
	// loads are the loads of the last path's field: a map kept in a
	// field is updated through them (copts.ByObject[&T{}] = ...).
	loads []ssa.Value
}

// path returns the values the field path of struct value v holds: the
// values stored there in fn (a composite literal's fields, assignments
// to a local variable's fields), through copies of whole structs held in
// locals. A zero struct holds none. open says why it cannot tell: the
// value or its address comes from a call, a parameter, a global, or is
// handed to a function that may change it.
func (cr *cacheReader) path(v ssa.Value, path []string, depth int) ([]ssa.Value, string) {
	if depth > 12 {
		return nil, "options built too deep to follow"
	}
	if len(path) == 0 {
		return []ssa.Value{v}, ""
	}
	switch x := v.(type) {
	case *ssa.Const:
		return nil, "" // the zero value
	case *ssa.UnOp:
		if x.Op == token.MUL {
			return cr.addr(x.X, path, depth+1)
		}
	case *ssa.Field:
		name := fieldName(x.X.Type(), x.Field)
		return cr.path(x.X, append([]string{name}, path...), depth+1)
	case *ssa.Phi:
		var out []ssa.Value
		for _, e := range x.Edges {
			vals, open := cr.path(e, path, depth+1)
			if open != "" {
				return nil, open
			}
			out = append(out, vals...)
		}
		return out, ""
	case *ssa.Call:
		return nil, "the options are built by " + callName(x.Common())
	case *ssa.Parameter:
		return nil, "the options are given by the caller of " + cr.fn.Name()
	}
	return nil, "the options are built where the layer does not follow"
}

// addr returns what the field path holds in the struct at address a.
func (cr *cacheReader) addr(a ssa.Value, path []string, depth int) ([]ssa.Value, string) {
	switch x := a.(type) {
	case *ssa.Alloc:
		if cr.escapes(x) {
			return nil, "the options are handed to code that may change them"
		}
	case *ssa.FieldAddr:
		name := fieldName(ssaflow.Deref(x.X.Type()), x.Field)
		// The sub-struct of a local: its parent's stores count too.
		vals, open := cr.addr(x.X, append([]string{name}, path...), depth+1)
		return vals, open
	case *ssa.Global:
		return nil, "the options are a package variable"
	default:
		return nil, "the options are built where the layer does not follow"
	}
	return cr.stores(a, path, depth)
}

// stores collects, over the referrers of address a (a local), what is
// stored at the field path: whole stores of the struct, and stores
// through field addresses along the path. Loads and other fields are
// passive; anything else that takes the address opens.
func (cr *cacheReader) stores(a ssa.Value, path []string, depth int) ([]ssa.Value, string) {
	var out []ssa.Value
	for _, ref := range *a.Referrers() {
		switch x := ref.(type) {
		case *ssa.Store:
			if x.Addr != a {
				return nil, "the options' address is stored away"
			}
			vals, open := cr.path(x.Val, path, depth+1)
			if open != "" {
				return nil, open
			}
			out = append(out, vals...)
		case *ssa.FieldAddr:
			if fieldName(ssaflow.Deref(x.X.Type()), x.Field) != path[0] {
				if cr.escapes(x) {
					return nil, "part of the options is handed to code that may change them"
				}
				continue
			}
			if len(path) == 1 {
				for _, r2 := range *x.Referrers() {
					switch y := r2.(type) {
					case *ssa.Store:
						if y.Addr == x {
							out = append(out, y.Val)
						}
					case *ssa.UnOp:
						if y.Op == token.MUL {
							cr.loads = append(cr.loads, y)
						}
					case *ssa.DebugRef:
					case *ssa.FieldAddr:
						return nil, "the field is set part by part"
					default:
						return nil, "the field's address is handed on"
					}
				}
				continue
			}
			vals, open := cr.stores(x, path[1:], depth+1)
			if open != "" {
				return nil, open
			}
			out = append(out, vals...)
		default:
			if !cr.passive(ref) {
				return nil, "the options are handed to code that may change them"
			}
		}
	}
	return out, ""
}

// escapes reports whether an address is used otherwise than by loads,
// stores into it and field addresses of it that do not escape.
func (cr *cacheReader) escapes(a ssa.Value) bool {
	for _, ref := range *a.Referrers() {
		switch x := ref.(type) {
		case *ssa.Store:
			if x.Addr != a {
				return true
			}
		case *ssa.FieldAddr:
			if cr.escapes(x) {
				return true
			}
		default:
			if !cr.passive(ref) {
				return true
			}
		}
	}
	return false
}

// passive reports whether an instruction only reads a value: a load, a
// debug reference, a map lookup, a conversion or a field read.
func (cr *cacheReader) passive(instr ssa.Instruction) bool {
	switch x := instr.(type) {
	case *ssa.DebugRef, *ssa.Lookup, *ssa.Field:
		return true
	case *ssa.UnOp:
		return x.Op == token.MUL
	case *ssa.Call:
		// The manager's constructor reads the options, the selector's
		// constructor the LabelSelector it is given.
		return crapi.IsNewManager(x.Common()) || crapi.IsFunc(crapi.Callee(x.Common()), crapi.MetaV1Pkg, "LabelSelectorAsSelector")
	}
	return false
}

// holds reports whether instr only puts map m where the options read it
// (a store into a field, a conversion) or reads it.
func (cr *cacheReader) holds(instr ssa.Instruction, m ssa.Value) bool {
	switch x := instr.(type) {
	case *ssa.Store:
		return x.Val == m
	case *ssa.ChangeType, *ssa.MakeInterface:
		return true
	}
	return cr.passive(instr)
}

// inLoop reports whether an instruction's block is in a cycle of fn.
func (cr *cacheReader) inLoop(instr ssa.Instruction) bool {
	start := instr.Block()
	seen := map[*ssa.BasicBlock]bool{}
	stack := slices.Clone(start.Succs)
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if b == start {
			return true
		}
		if seen[b] {
			continue
		}
		seen[b] = true
		stack = append(stack, b.Succs...)
	}
	return false
}

// origin is where a value is written, for the message: its instruction's
// position, or the first store of it.
func (cr *cacheReader) origin(v ssa.Value) token.Pos {
	if v.Pos().IsValid() {
		return v.Pos()
	}
	if instr, ok := v.(ssa.Instruction); ok && instr.Pos().IsValid() {
		return instr.Pos()
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		return cr.origin(x.X)
	case *ssa.Extract:
		return cr.origin(x.Tuple)
	}
	return token.NoPos
}

// selector returns the canonical text of the label selector v holds, ok
// false (with why) when it is not a constant one: labels.SelectorFromSet,
// SelectorFromValidatedSet, a Set's AsSelector, AsSelectorPreValidated
// or AsValidatedSelector, of a map literal of constant keys and values;
// labels.Parse of a constant; metav1.LabelSelectorAsSelector of a literal
// with constant MatchLabels only; labels.Everything() (""). nil is "".
func (cr *cacheReader) selector(v ssa.Value, depth int) (string, bool, string) {
	const notConst = "the selector is not a constant one"
	v = ssaflow.StripConv(v)
	switch x := v.(type) {
	case *ssa.Const:
		if x.IsNil() {
			return "", true, ""
		}
	case *ssa.Call:
		cc := x.Common()
		f := crapi.Callee(cc)
		args := crapi.CallArgs(cc)
		switch {
		case f == nil:
		case crapi.IsFuncIn(f, labelsPkg, "SelectorFromSet", "SelectorFromValidatedSet") && len(args) == 1,
			isMethod(f, labelsPkg, "Set", "AsSelector", "AsSelectorPreValidated", "AsValidatedSelector"):
			m := crapi.Receiver(cc)
			if m == nil {
				m = args[0]
			}
			set, ok := cr.set(m)
			if !ok {
				return "", false, notConst
			}
			return labels.SelectorFromSet(set).String(), true, ""
		case crapi.IsFunc(f, labelsPkg, "Everything"):
			return "", true, ""
		}
	case *ssa.Extract:
		call, ok := x.Tuple.(*ssa.Call)
		if !ok || x.Index != 0 {
			break
		}
		f := crapi.Callee(call.Common())
		args := crapi.CallArgs(call.Common())
		switch {
		case crapi.IsFunc(f, labelsPkg, "Parse") && len(args) >= 1:
			s, ok := crapi.ConstString(args[0])
			if !ok {
				return "", false, notConst
			}
			sel, err := labels.Parse(s)
			if err != nil {
				return "", false, "the selector does not parse"
			}
			return sel.String(), true, ""
		case crapi.IsFunc(f, crapi.MetaV1Pkg, "LabelSelectorAsSelector") && len(args) == 1:
			return cr.metaSelector(args[0], depth)
		}
	}
	return "", false, notConst
}

// metaSelector reads a *metav1.LabelSelector literal with constant
// MatchLabels and no MatchExpressions.
func (cr *cacheReader) metaSelector(p ssa.Value, depth int) (string, bool, string) {
	const notConst = "the selector is not a constant one"
	a, ok := ssaflow.StripConv(p).(*ssa.Alloc)
	if !ok || cr.escapes(a) {
		return "", false, notConst
	}
	exprs, open := cr.stores(a, []string{"MatchExpressions"}, depth)
	if open != "" || slices.ContainsFunc(exprs, notNil) {
		return "", false, notConst
	}
	ml, open := cr.stores(a, []string{"MatchLabels"}, depth)
	if open != "" || len(ml) > 1 {
		return "", false, notConst
	}
	set := labels.Set{}
	if len(ml) == 1 {
		if set, ok = cr.set(ml[0]); !ok {
			return "", false, notConst
		}
	}
	return labels.SelectorFromSet(set).String(), true, ""
}

// set reads a map literal (or make) of constant keys and values that
// nothing else writes.
func (cr *cacheReader) set(v ssa.Value) (labels.Set, bool) {
	v = ssaflow.StripConv(v)
	if k, ok := v.(*ssa.Const); ok && k.IsNil() {
		return labels.Set{}, true
	}
	m, ok := v.(*ssa.MakeMap)
	if !ok {
		return nil, false
	}
	set := labels.Set{}
	for _, ref := range *m.Referrers() {
		u, ok := ref.(*ssa.MapUpdate)
		if !ok {
			if c, isCall := ref.(*ssa.Call); isCall {
				if f := crapi.Callee(c.Common()); f == nil || f.Pkg() == nil || f.Pkg().Path() != labelsPkg {
					return nil, false // handed to code that may add keys
				}
			}
			continue // stored, converted, or read by the selector's constructor
		}
		k, kok := crapi.ConstString(u.Key)
		val, vok := crapi.ConstString(u.Value)
		if !kok || !vok || cr.inLoop(u) {
			return nil, false
		}
		set[k] = val
	}
	return set, true
}

func isMethod(f *types.Func, pkg, recv string, names ...string) bool {
	if f == nil || f.Pkg() == nil || f.Pkg().Path() != pkg || !slices.Contains(names, f.Name()) {
		return false
	}
	r := f.Signature().Recv()
	if r == nil {
		return false
	}
	n := crapi.Named(r.Type())
	return n != nil && n.Obj().Name() == recv
}

func fieldName(t types.Type, i int) string {
	if st, ok := t.Underlying().(*types.Struct); ok && i < st.NumFields() {
		return st.Field(i).Name()
	}
	return ""
}

func callName(cc *ssa.CallCommon) string {
	if f := crapi.Callee(cc); f != nil {
		return f.Name()
	}
	return "a function value"
}

func isNil(v ssa.Value) bool {
	k, ok := ssaflow.StripConv(v).(*ssa.Const)
	return ok && k.IsNil()
}

func notNil(v ssa.Value) bool { return !isNil(v) }

// at renders a position as file:line.
func (r *Result) at(pos token.Pos) string {
	p := r.pass.Fset.Position(pos)
	return fmt.Sprintf("%s:%d", shortFile(p.Filename), p.Line)
}

// SelectorRequires returns the label keys a selector's text requires an
// object to carry (its =, ==, in and exists requirements), with the
// values each allows (none: any value). An error for a text that does
// not parse.
func SelectorRequires(sel string) (map[string][]string, error) {
	s, err := labels.Parse(sel)
	if err != nil {
		return nil, err
	}
	reqs, _ := s.Requirements()
	out := map[string][]string{}
	for _, r := range reqs {
		switch r.Operator() {
		case "=", "==", "in":
			out[r.Key()] = slices.Sorted(maps.Keys(r.Values()))
		case "exists":
			out[r.Key()] = nil
		}
	}
	return out, nil
}
