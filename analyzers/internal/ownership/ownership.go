package ownership

import (
	"fmt"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

// Analyzer provides a *Result and exports a Package fact for each package
// of the module that creates objects or sets owner references, and a Func
// fact for each of its functions that does.
var Analyzer = &analysis.Analyzer{
	Name:       "ownership",
	Doc:        "summarise which object types the code creates and gives owner references to",
	Requires:   []*analysis.Analyzer{ssapkg.Analyzer},
	Run:        run,
	ResultType: reflect.TypeOf((*Result)(nil)),
	FactTypes:  []analysis.Fact{new(Package), new(Func)},
}

// Package is what code creates and gives owner references to: object
// types by their key (see TypeKeys), and whether an owner reference is
// set on an object whose type is not known. As a package fact it covers
// every function of a package of the module, so that a builder chain in
// one package can judge a reconciler declared in another.
type Package struct {
	Owners  []OwnerType
	Creates []string
	Unknown bool
	// Edges are the owner references between known types: objects of
	// type Owned get one to an object of type Owner.
	Edges []Edge
}

// Edge is an owner reference from objects of one type to objects of
// another, by their keys (see TypeKeys); in a Func fact, an end may be a
// parameter instead (OwnerParam, OwnedParam: SSA indexes, receiver first;
// -1 when the end is a key).
type Edge struct {
	Owner, Owned           string
	OwnerParam, OwnedParam int
	Controller             bool
}

func (e Edge) String() string {
	end := func(k string, p int) string {
		if k == "" {
			return fmt.Sprintf("#%d", p)
		}
		return k
	}
	return fmt.Sprintf("edge(%s<-%s,%v)", end(e.Owner, e.OwnerParam), end(e.Owned, e.OwnedParam), e.Controller)
}

// OwnerType is an object type that gets owner references; Controller is
// false when they can only be non-controller ones (SetOwnerReference).
type OwnerType struct {
	Key        string
	Controller bool
}

// AFact implements analysis.Fact.
func (*Package) AFact() {}

func (o *Package) String() string {
	var parts []string
	for _, t := range o.Owners {
		parts = append(parts, fmt.Sprintf("owner(%s,%v)", t.Key, t.Controller))
	}
	for _, k := range o.Creates {
		parts = append(parts, "create("+k+")")
	}
	if o.Unknown {
		parts = append(parts, "unknown")
	}
	for _, e := range o.Edges {
		parts = append(parts, e.String())
	}
	return "ownership(" + strings.Join(parts, " ") + ")"
}

func (o *Package) empty() bool {
	return o == nil || len(o.Owners) == 0 && len(o.Creates) == 0 && !o.Unknown && len(o.Edges) == 0
}

// Func is what a function of the module does for ownership, for its
// callers in other packages: to its parameters (indexed like its SSA
// parameters, the receiver first), the types it creates and owns itself
// or through what it calls (Owned), and whether a result is an ObjectMeta
// carrying owner references, which the object it is copied into gets
// (Meta).
type Func struct {
	Params []Param
	Owned  *Package
	Meta   bool
	// Edges are the owner references the function sets with at least
	// one end a parameter.
	Edges []Edge
	// RefOf are the parameters (SSA indexes) that an owner reference the
	// function returns names: metav1.NewControllerRef(p, ...), or a
	// reference literal with p's UID.
	RefOf []int
}

// Param is what a function does to one parameter. Owner: the owner
// reference it may get (an object of interface type, or an ObjectMeta:
// the caller's argument tells the type). Weak: it is handed to another
// module's code, which might set one. Created: it may be created.
type Param struct {
	Owner         Owner
	Weak, Created bool
}

// Owner is the owner reference a parameter may get.
type Owner uint8

const (
	// NoOwner is none.
	NoOwner Owner = iota
	// OwnerRef is only a non-controller one (SetOwnerReference).
	OwnerRef
	// ControllerRef is possibly a controller reference.
	ControllerRef
)

// AFact implements analysis.Fact.
func (*Func) AFact() {}

func (f *Func) String() string {
	var parts []string
	for i, p := range f.Params {
		if p.Owner != NoOwner {
			parts = append(parts, fmt.Sprintf("owner(%d,%v)", i, p.Owner == ControllerRef))
		}
		if p.Weak {
			parts = append(parts, fmt.Sprintf("weakOwner(%d)", i))
		}
		if p.Created {
			parts = append(parts, fmt.Sprintf("created(%d)", i))
		}
	}
	if f.Owned != nil {
		parts = append(parts, f.Owned.String())
	}
	if f.Meta {
		parts = append(parts, "ownerMeta")
	}
	for _, e := range f.Edges {
		parts = append(parts, e.String())
	}
	for _, i := range f.RefOf {
		parts = append(parts, fmt.Sprintf("refOf(%d)", i))
	}
	return "owns(" + strings.Join(parts, " ") + ")"
}

// Result is the ownership of one package and of the module's packages it
// imports. It is read-only once built, so the checks of a package may
// share it.
type Result struct {
	self     *types.Package
	pkg      *Package
	imported map[*types.Package]*Package
	// owners maps each object type given owner references here or in an
	// imported package to whether one may be a controller reference.
	owners map[string]bool
	// creates holds, for each function of the package (its function
	// literals included), the keys of the object types it creates itself
	// or through the module's functions it calls.
	creates map[*types.Func]map[string]bool
	// sites are the owner references between known types set in this
	// package: where both ends are first known (the library call, or the
	// call of the module's helper given the objects).
	sites []Site
	edges []Edge // of this package and the module's packages it imports
	// sums are the summaries of the package's functions and of the
	// module's functions known by their facts (CreatesOwnedBy).
	sums map[*types.Func]*ownerSummary
	// refs and made are the library calls of each function of the
	// package (a function literal apart) that set owner references and
	// that create objects, by value.
	refs map[*ssa.Function][]Ref
	made map[*ssa.Function][]Creation
}

// Ref is a library call that gives the object Owned an owner reference
// to the object Owner (controllerutil's SetControllerReference and
// SetOwnerReference, ctrl.SetControllerReference): the values, for a
// check that needs to know which object owns which.
type Ref struct {
	Call         ssa.CallInstruction
	Owner, Owned ssa.Value
	Controller   bool
}

// Creation is a call that creates the object Obj: a client's Create or
// Apply, a Patch with an apply patch, controllerutil.CreateOrUpdate or
// CreateOrPatch (ctrl's too), which creates it when it is not found.
type Creation struct {
	Call ssa.CallInstruction
	Obj  ssa.Value
}

// OwnedCreation is what a function creates with an owner reference to
// the object one of its parameters is given: objects of the type of Key,
// or (Key "") the object given to its parameter Param (SSA index,
// receiver first).
type OwnedCreation struct {
	Key        string
	Param      int
	Controller bool
}

// Site is an owner reference between objects of known types set by the
// call at Pos: objects of Owned get one to an object of Owner (keys, see
// TypeKeys; TypeName finds their types).
type Site struct {
	Owner, Owned string
	Controller   bool
	Pos          token.Pos
	// By is the library function that makes the reference
	// (SetControllerReference, SetOwnerReference, NewControllerRef); ""
	// when the call at Pos is the module's helper.
	By string
}

// TypeName returns the type named by key ("path.Name"), declared in this
// package or one it imports, directly or not; nil for an apply
// configuration's key or a type not found.
func (r *Result) TypeName(key string) *types.TypeName {
	i := strings.LastIndex(key, ".")
	if r.self == nil || i < 0 || strings.HasPrefix(key, "ac:") {
		return nil
	}
	p := crapi.FindImport(r.self, key[:i])
	if p == nil {
		return nil
	}
	tn, _ := p.Scope().Lookup(key[i+1:]).(*types.TypeName)
	return tn
}

// Sites returns the owner references between objects of known types that
// the code of this package sets, at the call where both types are known,
// in source order.
func (r *Result) Sites() []Site { return r.sites }

// Refs returns the library calls of fn (its own instructions, not those
// of its function literals) that set owner references, in source order.
func (r *Result) Refs(fn *ssa.Function) []Ref { return r.refs[fn] }

// Creations returns the calls of fn (its own instructions, not those of
// its function literals) that create objects, in source order.
func (r *Result) Creations(fn *ssa.Function) []Creation { return r.made[fn] }

// CreatesOwnedBy returns what a call of fn, a function of the module
// (this package's, or another's by its fact), creates with an owner
// reference to the object given to its parameter param (SSA index,
// receiver first): an owner edge from that parameter to a type fn
// creates or to a parameter it creates, or, when the parameter's type has
// a key (the object is typed), an edge from that type to a type fn
// creates. By type: an object of the parameter's type that fn reads
// itself and gives children counts too.
func (r *Result) CreatesOwnedBy(fn *types.Func, param int) []OwnedCreation {
	sum := r.sums[fn]
	if sum == nil || fn == nil {
		return nil
	}
	var keys []string
	if t := paramType(fn, param); t != nil {
		keys = TypeKeys(t)
	}
	var out []OwnedCreation
	for k, ctl := range sum.edges {
		byParam := k.owner == "" && k.ownerParam == param
		byType := k.owner != "" && slices.Contains(keys, k.owner)
		if !byParam && !byType {
			continue // an edge of another owner
		}
		switch {
		case k.owned != "" && sum.createTypes[k.owned]:
			out = append(out, OwnedCreation{Key: k.owned, Param: -1, Controller: ctl})
		case k.owned == "" && sum.createParams[k.ownedParam]:
			out = append(out, OwnedCreation{Param: k.ownedParam, Controller: ctl})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Key != out[j].Key {
			return out[i].Key < out[j].Key
		}
		return out[i].Param < out[j].Param
	})
	return out
}

// paramType returns the type of fn's parameter i (SSA index, receiver
// first).
func paramType(fn *types.Func, i int) types.Type {
	sig := fn.Signature()
	if sig.Recv() != nil {
		if i == 0 {
			return sig.Recv().Type()
		}
		i--
	}
	if i < 0 || i >= sig.Params().Len() {
		return nil
	}
	return sig.Params().At(i).Type()
}

// OwnerKeys returns the keys of the types whose objects own objects of
// type t (see TypeKeys), by the code of this package or of the module's
// packages it imports; only controller references when controller.
func (r *Result) OwnerKeys(t types.Type, controller bool) []string {
	var out []string
	for _, k := range TypeKeys(t) {
		for _, e := range r.edges {
			if e.Owned == k && (e.Controller || !controller) && !slices.Contains(out, e.Owner) {
				out = append(out, e.Owner)
			}
		}
	}
	slices.Sort(out)
	return out
}

// Of returns the Result of pass, whose analyzer must require Analyzer;
// an empty Result (nothing known) when there is none.
func Of(pass *analysis.Pass) *Result {
	r, _ := pass.ResultOf[Analyzer].(*Result)
	if r == nil {
		return &Result{}
	}
	return r
}

func run(pass *analysis.Pass) (any, error) {
	if ssapkg.IsDependency(pass) {
		return &Result{}, nil
	}
	return compute(pass, ssapkg.Of(pass).SrcFuncs()), nil
}

// Ownership returns what the code of pkg (this package, or a package of
// the module it imports) creates and gives owner references to; nil when
// not known.
func (r *Result) Ownership(pkg *types.Package) *Package {
	if r.pkg == nil {
		return nil
	}
	if pkg == r.self {
		return r.pkg
	}
	return r.imported[pkg]
}

// Owners reports, for the key of each object type given owner references
// in this package or in the module's packages it imports, whether one may
// be a controller reference: whoever calls the code that sets them.
func (r *Result) Owners() map[string]bool {
	return r.owners
}

// Owned reports whether the code of this package, or of a package of the
// module it imports, gives objects of type t owner references (Owners).
func (r *Result) Owned(t types.Type) bool {
	for _, k := range TypeKeys(t) {
		if _, ok := r.owners[k]; ok {
			return true
		}
	}
	return false
}

// CreatesOwned reports whether the code of this package, or of a package
// of the module it imports, both creates objects of type t and gives
// objects of that type owner references: the objects of t it updates are
// most likely its own children. False when t has no key (an interface,
// unstructured) or ownership is not known.
func (r *Result) CreatesOwned(t types.Type) bool {
	if !r.Owned(t) {
		return false
	}
	keys := TypeKeys(t)
	creates := func(o *Package) bool {
		if o == nil {
			return false
		}
		for _, c := range o.Creates {
			for _, k := range keys {
				if c == k {
					return true
				}
			}
		}
		return false
	}
	if creates(r.pkg) {
		return true
	}
	for _, o := range r.imported {
		if creates(o) {
			return true
		}
	}
	return false
}

// CreatesIn reports whether the function fn (the function declaring it,
// for a function literal) creates objects of type t, itself or through
// the module's functions it calls: a get-or-create that makes the object
// when its fetch finds none.
func (r *Result) CreatesIn(fn *ssa.Function, t types.Type) bool {
	if fn == nil {
		return false
	}
	m := r.creates[rootObj(fn)]
	for _, k := range TypeKeys(t) {
		if m[k] {
			return true
		}
	}
	return false
}
