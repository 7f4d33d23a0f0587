package ctrlmodel

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

const doc = `extract the controller-runtime builder chains of a package

ctrlmodel reports nothing; its result (*ctrlmodel.Model) lists, per
controller builder, the For, Owns and Watches sources with their object
types, handlers and predicates, the global event filters, and the
reconciler given to Complete or Build.`

// Analyzer computes the *Model of a package.
var Analyzer = &analysis.Analyzer{
	Name:       "ctrlmodel",
	Doc:        doc,
	Requires:   []*analysis.Analyzer{ssapkg.Analyzer},
	ResultType: reflect.TypeOf((*Model)(nil)),
	Run:        run,
	FactTypes:  []analysis.Fact{new(BuilderFunc)},
}

// Model is the controller model of one package.
type Model struct {
	// Chains are the builder chains of the package, in source order of
	// their first call.
	Chains []*Chain
}

// Chain is the set of method calls made on one controller builder.
type Chain struct {
	// Roots are the builder values the calls start from: usually the
	// call of builder.ControllerManagedBy (ctrl.NewControllerManagedBy),
	// otherwise a parameter, a field or the call of a helper that creates
	// the builder. There are several when a phi merges builders of
	// different origins; the chain then holds what either of them may
	// have.
	Roots []ssa.Value
	// Calls are the builder method calls, in source order, including
	// those made by helpers on this builder (their Fn is the helper; a
	// helper's call may belong to several chains).
	Calls []*Call
}

// Method names a method of builder.TypedBuilder.
type Method string

// The builder methods the model describes. Other methods are recorded
// under their own name.
const (
	For                Method = "For"
	Owns               Method = "Owns"
	Watches            Method = "Watches"
	WatchesMetadata    Method = "WatchesMetadata"
	WatchesRawSource   Method = "WatchesRawSource"
	WithEventFilter    Method = "WithEventFilter"
	WithOptions        Method = "WithOptions"
	WithLogConstructor Method = "WithLogConstructor"
	Named              Method = "Named"
	Complete           Method = "Complete"
	Build              Method = "Build"
)

// IsSource reports whether m adds an event source to the controller.
func (m Method) IsSource() bool {
	switch m {
	case For, Owns, Watches, WatchesMetadata, WatchesRawSource:
		return true
	}
	return false
}

// Call is one builder method call of a chain.
type Call struct {
	Method Method
	SSA    *ssa.Call
	// Fn is the function that makes the call.
	Fn *ssa.Function
	// Expr is the call's syntax; nil if it could not be found.
	Expr *ast.CallExpr
	// Pos and End delimit where to report about the call: from the
	// method name to the closing parenthesis, so that a diagnostic on a
	// chain written over several lines lands on the line of its method.
	Pos, End token.Pos

	// Object is the static type of the object given to For, Owns,
	// Watches or WatchesMetadata (*v1.Deployment for &appsv1.Deployment{});
	// nil when unknown, e.g. when the argument already is an interface.
	Object types.Type
	// Handler is the event handler of Watches and WatchesMetadata (for a
	// call made Via a helper of another package, only its Kind).
	Handler *Handler
	// Predicates are those given to For, Owns, Watches or WatchesMetadata
	// through builder.WithPredicates options, or the argument of
	// WithEventFilter.
	Predicates []*Predicate
	// Reconciler is the static type of the reconciler given to Complete
	// or Build; nil when unknown.
	Reconciler types.Type
	// Via is the helper of another package that makes this call, known
	// from its BuilderFunc fact; the call's position is that of the
	// helper's call, and Expr, the Handler's value and Predicates are not
	// known.
	Via *types.Func
}

// Arg returns the syntax of the i-th argument of the call, nil if unknown.
func (c *Call) Arg(i int) ast.Expr {
	if c == nil || c.Expr == nil || i < 0 || i >= len(c.Expr.Args) {
		return nil
	}
	return c.Expr.Args[i]
}

// HandlerKind classifies the event handler of a Watches source.
type HandlerKind int

// The event handlers the model recognises.
const (
	// HandlerOther is a handler the model does not know.
	HandlerOther HandlerKind = iota
	// HandlerForObject is &handler.EnqueueRequestForObject{}: requests
	// for the watched object itself.
	HandlerForObject
	// HandlerForOwner is handler.EnqueueRequestForOwner or
	// TypedEnqueueRequestForOwner: requests for the owner of the object.
	HandlerForOwner
	// HandlerMapFunc is handler.EnqueueRequestsFromMapFunc or
	// TypedEnqueueRequestsFromMapFunc: requests computed by user code.
	HandlerMapFunc
)

// Handler is the event handler of a Watches source.
type Handler struct {
	Kind HandlerKind
	// OwnerType is the static type of the ownerType argument of an
	// EnqueueRequestForOwner handler; nil if unknown.
	OwnerType types.Type
	Value     ssa.Value
}

// PredicateKind classifies a predicate.
type PredicateKind int

// The predicates the model recognises (their Typed* forms included).
const (
	PredicateOther PredicateKind = iota
	PredicateGenerationChanged
	PredicateLabelChanged
	PredicateAnnotationChanged
	PredicateResourceVersionChanged
	PredicateAnd
	PredicateOr
	PredicateNot
)

// Predicate is one predicate given to a chain.
type Predicate struct {
	Kind PredicateKind
	// Type is the dynamic type of the predicate when known (the struct
	// converted to the predicate interface), nil otherwise.
	Type  types.Type
	Value ssa.Value
	// Operands are the operands of And, Or and Not; nil when unknown
	// (e.g. a slice passed with ...).
	Operands []*Predicate
}

// OnlyMetaChanges reports whether p certainly lets an update event through
// only when the object's generation, labels or annotations changed: a
// generation, label or annotation predicate, an And with one such
// operand, an Or of only such operands. Updates of the status alone (or
// of a ConfigMap's data) are then dropped.
func (p *Predicate) OnlyMetaChanges() bool { return p.onlyMetaChanges(0) }

func (p *Predicate) onlyMetaChanges(depth int) bool {
	if p == nil || depth > 16 {
		return false
	}
	switch p.Kind {
	case PredicateGenerationChanged, PredicateLabelChanged, PredicateAnnotationChanged:
		return true
	case PredicateAnd:
		for _, o := range p.Operands {
			if o.onlyMetaChanges(depth + 1) {
				return true
			}
		}
	case PredicateOr:
		if len(p.Operands) == 0 {
			return false
		}
		for _, o := range p.Operands {
			if !o.onlyMetaChanges(depth + 1) {
				return false
			}
		}
		return true
	}
	return false
}

// DropsEdits reports whether p certainly drops an update that changes
// only the object's labels (m knowledge.Labels) or annotations: a
// generation predicate, the predicate of the other map, an And with
// one such operand, an Or of only such operands. Unknown predicates
// and Not are taken to let it through.
func (p *Predicate) DropsEdits(m knowledge.MetaMap) bool { return p.dropsEdits(m, 0) }

func (p *Predicate) dropsEdits(m knowledge.MetaMap, depth int) bool {
	if p == nil || depth > 16 {
		return false
	}
	switch p.Kind {
	case PredicateGenerationChanged:
		return true
	case PredicateLabelChanged:
		return m != knowledge.Labels
	case PredicateAnnotationChanged:
		return m != knowledge.Annotations
	case PredicateAnd:
		for _, o := range p.Operands {
			if o.dropsEdits(m, depth+1) {
				return true
			}
		}
	case PredicateOr:
		if len(p.Operands) == 0 {
			return false
		}
		for _, o := range p.Operands {
			if !o.dropsEdits(m, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// Uses reports whether p is, or composes, a predicate of kind k.
func (p *Predicate) Uses(k PredicateKind) bool { return p.uses(k, 0) }

func (p *Predicate) uses(k PredicateKind, depth int) bool {
	if p == nil || depth > 16 {
		return false
	}
	if p.Kind == k {
		return true
	}
	for _, o := range p.Operands {
		if o.uses(k, depth+1) {
			return true
		}
	}
	return false
}

// Find returns the calls of method m, in source order.
func (c *Chain) Find(m Method) []*Call {
	var out []*Call
	for _, call := range c.Calls {
		if call.Method == m {
			out = append(out, call)
		}
	}
	return out
}

// Sources returns the calls that add an event source (For, Owns, Watches,
// WatchesMetadata, WatchesRawSource), in source order.
func (c *Chain) Sources() []*Call {
	var out []*Call
	for _, call := range c.Calls {
		if call.Method.IsSource() {
			out = append(out, call)
		}
	}
	return out
}

// Reconcilers returns the static types of the reconcilers the chain
// Completes or Builds with (unknown ones left out).
func (c *Chain) Reconcilers() []types.Type {
	var out []types.Type
	for _, call := range c.Calls {
		if (call.Method == Complete || call.Method == Build) && call.Reconciler != nil {
			out = append(out, call.Reconciler)
		}
	}
	return out
}

// SameKind reports whether object types a and b certainly denote the same
// Kubernetes kind: identical, and not a type whose kind is only set at run
// time (unstructured.Unstructured, metav1.PartialObjectMetadata).
func SameKind(a, b types.Type) bool {
	if a == nil || b == nil || !types.Identical(a, b) {
		return false
	}
	return !DynamicKind(a)
}

// DynamicKind reports whether objects of type t carry their kind as data
// (unstructured.Unstructured, metav1.PartialObjectMetadata and their lists),
// so that two values of t may be objects of different kinds.
func DynamicKind(t types.Type) bool {
	return crapi.IsNamed(t, unstructuredPkg, "Unstructured") ||
		crapi.IsNamed(t, unstructuredPkg, "UnstructuredList") ||
		crapi.IsNamed(t, metav1Pkg, "PartialObjectMetadata") ||
		crapi.IsNamed(t, metav1Pkg, "PartialObjectMetadataList")
}

const (
	unstructuredPkg = crapi.UnstructuredPkg
	metav1Pkg       = crapi.MetaV1Pkg
)

func run(pass *analysis.Pass) (any, error) {
	funcs := ssapkg.Of(pass).SrcFuncs()
	if len(funcs) == 0 {
		// A dependency or a package with type errors: no builder chain
		// of the user's, and no syntax walk over k8s.io/api.
		return &Model{}, nil
	}
	imported := map[*types.Func]*BuilderFunc{}
	for _, f := range pass.AllObjectFacts() {
		if bf, ok := f.Fact.(*BuilderFunc); ok {
			if fn, ok := f.Object.(*types.Func); ok {
				imported[fn] = bf
			}
		}
	}
	model, summaries := extract(pass.Files, funcs, pass.Pkg, func(fn *types.Func) *BuilderFunc { return imported[fn] })
	for fn, f := range summaries {
		pass.ExportObjectFact(fn, f)
	}
	return model, nil
}

// String renders the call as written, shortened for messages:
// Owns(&corev1.Namespace{}), Watches(&corev1.Secret{}, handler.EnqueueRequestForOwner(…)).
func (c *Call) String() string {
	if c == nil {
		return ""
	}
	if c.Via != nil {
		obj := "…"
		if c.Object != nil {
			obj = "&" + crapi.ObjectTypeString(c.Object) + "{}"
		}
		return string(c.Method) + "(" + obj + ") in " + c.Via.Pkg().Name() + "." + c.Via.Name()
	}
	if c.Expr == nil {
		return string(c.Method) + "(…)"
	}
	var b strings.Builder
	b.WriteString(string(c.Method))
	b.WriteByte('(')
	for i, a := range c.Expr.Args {
		if i > 1 {
			b.WriteString(", …")
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(ShortExpr(a))
	}
	b.WriteByte(')')
	return b.String()
}

// ShortExpr renders an expression for a message; a long one with the
// arguments of its call and the bodies of literals elided:
// handler.EnqueueRequestForOwner(…).
func ShortExpr(e ast.Expr) string {
	if s := types.ExprString(e); len(s) <= 72 {
		return s
	}
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
		if len(call.Args) == 0 {
			return types.ExprString(call.Fun) + "()"
		}
		return types.ExprString(call.Fun) + "(…)"
	}
	return types.ExprString(e)
}
