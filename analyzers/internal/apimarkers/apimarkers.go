package apimarkers

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
	crdmarkers "sigs.k8s.io/controller-tools/pkg/crd/markers"
	"sigs.k8s.io/controller-tools/pkg/deepcopy"
	"sigs.k8s.io/controller-tools/pkg/loader"
	"sigs.k8s.io/controller-tools/pkg/markers"
	"sigs.k8s.io/controller-tools/pkg/rbac"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/plural"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

const doc = `read the kubebuilder markers of a package

apimarkers reports nothing; its result (*apimarkers.Package), also a
package fact, holds the package's +groupName, its kinds (root object
types) with their plural and whether they have the status subresource,
and its +kubebuilder:rbac rules.`

// Analyzer computes the *Result of a package.
var Analyzer = &analysis.Analyzer{
	Name:       "apimarkers",
	Doc:        doc,
	ResultType: reflect.TypeOf((*Result)(nil)),
	FactTypes:  []analysis.Fact{new(Package)},
	Run:        run,
}

// Package is what the markers of one package say.
type Package struct {
	// Group is the +groupName of the package; "" without one.
	Group string
	// Version is +versionName, else the package name.
	Version string
	// Kinds are the types marked +kubebuilder:object:root=true, or with
	// the status subresource, in source order.
	Kinds []Kind
	// Rules are the +kubebuilder:rbac markers, in source order.
	Rules []Rule
	// Resources are the types with a +kubebuilder:resource marker but
	// neither object:root nor the status subresource (code-generator style
	// API packages, whose CRDs controller-gen still makes): only their
	// plural and scope are read, by ResourceKind.
	Resources []Kind
	// Immutable are the struct fields ("Type.Field", Go names) the API
	// server keeps from changing: an XValidation rule "self == oldSelf".
	Immutable []string
	// Webhooks are the +kubebuilder:webhook markers (the analysed
	// package's only: not carried by the fact).
	Webhooks []Webhook
	// Err is set when controller-gen would reject a marker of the
	// package; the rest is then empty, and checks asking are silent.
	Err string

	pkg *types.Package // in the pass that read it
}

// Kind is a type of an API package.
type Kind struct {
	Type string // the Go type name, which is the kind
	// Root: +kubebuilder:object:root=true.
	Root bool
	// Plural is the resource name: +kubebuilder:resource:path, else
	// controller-gen's default (the lower-cased English plural).
	Plural string
	// StatusSubresource: +kubebuilder:subresource:status.
	StatusSubresource bool
	// Cluster: +kubebuilder:resource:scope=Cluster.
	Cluster bool
}

// Rule is one +kubebuilder:rbac marker, as controller-gen parses it.
type Rule struct {
	Groups, Resources, ResourceNames, Verbs, URLs []string
	Namespace                                     string
	// At is where the marker is, as file:line (for messages in other
	// packages); pos is valid in the pass that parsed it only.
	At  string
	pos token.Pos
}

// Pos is the position of the marker in the analysed package; NoPos for a
// rule read from a fact.
func (r Rule) Pos() token.Pos { return r.pos }

// AFact implements analysis.Fact.
func (*Package) AFact() {}

func (p *Package) String() string {
	var parts []string
	if p.Group != "" {
		parts = append(parts, "group="+p.Group+"/"+p.Version)
	}
	for _, k := range p.Kinds {
		s := k.Type + ":" + k.Plural
		if k.StatusSubresource {
			s += "+status"
		}
		parts = append(parts, s)
	}
	for _, r := range p.Rules {
		parts = append(parts, fmt.Sprintf("rbac(%s;%s;%s)", strings.Join(r.Groups, ","), strings.Join(r.Resources, ","), strings.Join(r.Verbs, ",")))
	}
	for _, k := range p.Resources {
		parts = append(parts, "resource("+k.Type+")")
	}
	for _, f := range p.Immutable {
		parts = append(parts, "immutable("+f+")")
	}
	if p.Err != "" {
		parts = append(parts, "error: "+p.Err)
	}
	return "markers(" + strings.Join(parts, " ") + ")"
}

// Kind returns the kind declared by the type named name, or nil.
func (p *Package) Kind(name string) *Kind {
	if p == nil {
		return nil
	}
	for i := range p.Kinds {
		if p.Kinds[i].Type == name {
			return &p.Kinds[i]
		}
	}
	return nil
}

// Result holds the markers of the analysed package and of the packages
// of the module it depends on.
type Result struct {
	own      *Package
	imported map[*types.Package]*Package
}

// Of returns the apimarkers result of the pass, which must require
// Analyzer.
func Of(pass *analysis.Pass) *Result {
	r, _ := pass.ResultOf[Analyzer].(*Result)
	if r == nil {
		return &Result{}
	}
	return r
}

// Own returns the markers of the analysed package; nil for a dependency.
func (r *Result) Own() *Package { return r.own }

// Lookup returns the markers of pkg: the analysed package's, or those of
// a package of the module it depends on. Nil when pkg has none, or is a
// dependency module's.
func (r *Result) Lookup(pkg *types.Package) *Package {
	if pkg == nil {
		return nil
	}
	if r.own != nil && r.own.pkg == pkg {
		return r.own
	}
	return r.imported[pkg]
}

// KindOf returns the kind that the named type t declares, and the markers
// of its package; nil when t is not a kind of the module.
func (r *Result) KindOf(t *types.TypeName) (*Kind, *Package) {
	if t == nil {
		return nil, nil
	}
	p := r.Lookup(t.Pkg())
	return p.Kind(t.Name()), p
}

// StatusSubresource tells whether objects of the named type t have the
// status subresource: a built-in kind as knowledge.BuiltinStatusSubresource
// says, a kind of the module as its +kubebuilder:subresource:status marker
// says; known is false for any other type.
func (r *Result) StatusSubresource(t *types.TypeName) (has, known bool) {
	if t == nil {
		return false, false
	}
	if has, known := knowledge.BuiltinStatusSubresource(t); known {
		return has, true
	}
	if k, _ := r.KindOf(t); k != nil {
		return k.StatusSubresource, true
	}
	return false, false
}

// ResourceKind returns the kind the named type t declares for its CRD's
// scope: a root kind (KindOf), or a type with only a +kubebuilder:resource
// marker; nil for other types.
func (r *Result) ResourceKind(t *types.TypeName) (*Kind, *Package) {
	k, p := r.KindOf(t)
	if k != nil || p == nil {
		return k, p
	}
	for i := range p.Resources {
		if p.Resources[i].Type == t.Name() {
			return &p.Resources[i], p
		}
	}
	return nil, p
}

// Scope reports whether the kind declared by the named type t is
// cluster-scoped, and whether that is known: a built-in kind's by
// knowledge.BuiltinScope, a kind of the module's API packages by its
// markers (controller-gen makes a root type, or one with a
// +kubebuilder:resource marker, namespaced unless
// +kubebuilder:resource:scope=Cluster). Other types (a dependency's CRD
// types, types that are not kinds, a package whose markers failed to
// parse or name no group) are not known. ownerscope and listnamespace.
func (r *Result) Scope(t *types.TypeName) (cluster, known bool) {
	if t == nil {
		return false, false
	}
	if cluster, known := knowledge.BuiltinScope(t); known {
		return cluster, true
	}
	k, pkg := r.ResourceKind(t)
	if k == nil || k.StatusSubresource && !k.Root || pkg.Group == "" || pkg.Err != "" {
		return false, false
	}
	return k.Cluster, true
}

// Immutable reports whether field, a field of the struct type t, is kept
// from changing by the API server (see Package.Immutable): its value read
// from an object is the one the object was created with.
func (r *Result) Immutable(t *types.TypeName, field string) bool {
	if t == nil {
		return false
	}
	return slices.Contains(r.Lookup(t.Pkg()).immutable(), t.Name()+"."+field)
}

func (p *Package) immutable() []string {
	if p == nil {
		return nil
	}
	return p.Immutable
}

// The marker names read here; every other marker is left to
// controller-gen, so that a typo in a validation marker does not cost the
// package its kinds.
const (
	groupName         = "groupName"
	versionName       = "versionName"
	objectRoot        = "kubebuilder:object:root"
	subresourceStatus = "kubebuilder:subresource:status"
	resource          = "kubebuilder:resource"
	rbacRule          = "kubebuilder:rbac"
	xValidation       = "kubebuilder:validation:XValidation"
)

// immutableRegistry holds the field form of XValidation alone, read by a
// collector of its own: a malformed validation marker costs the package
// its immutable fields, not its kinds.
var immutableRegistry = sync.OnceValue(func() *markers.Registry {
	reg := &markers.Registry{}
	for _, d := range crdmarkers.AllDefinitions {
		if d.Name == xValidation && d.Target == markers.DescribesField {
			mustRegister(reg, d.Definition)
		}
	}
	return reg
})

// immutableFields returns the package's fields with an XValidation rule
// that forbids a change (self == oldSelf).
func immutableFields(lpkg *loader.Package) []string {
	col := &markers.Collector{Registry: immutableRegistry()}
	var out []string
	err := markers.EachType(col, lpkg, func(info *markers.TypeInfo) {
		for _, f := range info.Fields {
			for _, v := range f.Markers[xValidation] {
				x, ok := v.(crdmarkers.XValidation)
				if !ok || f.Name == "" {
					continue
				}
				if rule := strings.Join(strings.Fields(x.Rule), ""); rule == "self==oldSelf" || rule == "oldSelf==self" {
					out = append(out, info.Name+"."+f.Name)
				}
			}
		}
	})
	if err != nil {
		return nil
	}
	return out
}

// registry holds controller-tools' definitions of those markers.
var registry = sync.OnceValue(func() *markers.Registry {
	reg := &markers.Registry{}
	for _, d := range crdmarkers.AllDefinitions {
		switch d.Name {
		case groupName, versionName, subresourceStatus, resource:
			mustRegister(reg, d.Definition)
		}
	}
	mustRegister(reg, rbac.RuleDefinition)
	// object:root is declared, unexported, by the deepcopy generator.
	all := &markers.Registry{}
	if err := (deepcopy.Generator{}).RegisterMarkers(all); err != nil {
		panic(err)
	}
	if d := all.Lookup("+"+objectRoot, markers.DescribesType); d != nil {
		mustRegister(reg, d)
	}
	return reg
})

func mustRegister(reg *markers.Registry, d *markers.Definition) {
	if err := reg.Register(d); err != nil {
		panic(err)
	}
}

func run(pass *analysis.Pass) (any, error) {
	r := &Result{imported: map[*types.Package]*Package{}}
	if ssapkg.IsDependency(pass) {
		return r, nil
	}
	for _, f := range pass.AllPackageFacts() {
		if p, ok := f.Fact.(*Package); ok {
			r.imported[f.Package] = p
		}
	}
	r.own = read(pass)
	r.own.pkg = pass.Pkg
	if p := r.own; p.Group != "" || len(p.Kinds) > 0 || len(p.Resources) > 0 || len(p.Rules) > 0 || len(p.Immutable) > 0 || p.Err != "" {
		fact := *p
		fact.Webhooks = nil // read in their own package only
		pass.ExportPackageFact(&fact)
	}
	return r, nil
}

// read parses the package's markers as controller-gen would.
func read(pass *analysis.Pass) *Package {
	out := &Package{Version: pass.Pkg.Name()}
	if len(pass.Files) == 0 {
		return out
	}
	col, lpkg, byNode, err := collect(pass.Pkg.Path(), pass.Fset, pass.Files)
	if err != nil {
		return &Package{Version: out.Version, Err: err.Error()}
	}
	for _, f := range pass.Files {
		vals := byNode[f]
		if g, ok := vals.Get(groupName).(string); ok && out.Group == "" {
			out.Group = g
		}
		if v, ok := vals.Get(versionName).(string); ok && v != "" {
			out.Version = v
		}
		out.Rules = append(out.Rules, rules(pass.Fset, f, vals[rbacRule])...)
	}
	err = markers.EachType(col, lpkg, func(info *markers.TypeInfo) {
		root, _ := info.Markers.Get(objectRoot).(bool)
		status := info.Markers.Get(subresourceStatus) != nil
		path, cluster, hasResource := resourceMarkers(info)
		if !root && !status {
			if hasResource {
				k := Kind{Type: info.Name, Plural: plural.Resource(info.Name), Cluster: cluster}
				if path != "" {
					k.Plural = path
				}
				out.Resources = append(out.Resources, k)
			}
			return
		}
		k := Kind{Type: info.Name, Root: root, StatusSubresource: status,
			Plural: plural.Resource(info.Name), Cluster: cluster}
		if path != "" {
			k.Plural = path
		}
		out.Kinds = append(out.Kinds, k)
	})
	if err != nil {
		return &Package{Version: out.Version, Err: err.Error()}
	}
	out.Immutable = immutableFields(lpkg)
	out.Webhooks = readWebhooks(pass.Pkg.Path(), pass.Fset, pass.Files)
	return out
}

// resourceMarkers applies a type's +kubebuilder:resource markers as
// controller-gen does, each in source order (crd/markers/crd.go,
// Resource.ApplyToCRD): the plural is the last path given, the scope the
// last marker's (empty is Namespaced). falco-operator's Falco has one
// marker with its categories and short name, and another with
// path=falcos.
func resourceMarkers(info *markers.TypeInfo) (path string, cluster, ok bool) {
	for _, v := range info.Markers[resource] {
		r, isResource := v.(crdmarkers.Resource)
		if !isResource {
			continue
		}
		ok = true
		if r.Path != "" {
			path = r.Path
		}
		cluster = r.Scope == "Cluster"
	}
	return path, cluster, ok
}

// collect runs controller-gen's collector on the syntax of one package.
// The loader package holds the syntax already, so nothing is loaded.
func collect(id string, fset *token.FileSet, files []*ast.File) (*markers.Collector, *loader.Package, map[ast.Node]markers.MarkerValues, error) {
	lpkg := loaderPackage(id, fset, files)
	col := &markers.Collector{Registry: registry()}
	byNode, err := col.MarkersInPackage(lpkg)
	return col, lpkg, byNode, err
}

// loaderPackage wraps the syntax of one package for controller-tools'
// collectors: nothing is loaded again.
func loaderPackage(id string, fset *token.FileSet, files []*ast.File) *loader.Package {
	return &loader.Package{Package: &packages.Package{ID: id, PkgPath: id, Fset: fset, Syntax: files}}
}

// rules converts the parsed rbac markers of file f, and finds each one's
// comment for its position: the marker comments of the file, parsed with
// the same definition, matched in order.
func rules(fset *token.FileSet, f *ast.File, parsed []any) []Rule {
	if len(parsed) == 0 {
		return nil
	}
	type raw struct {
		rule rbac.Rule
		pos  token.Pos
		used bool
	}
	var comments []*raw
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			text := strings.TrimSpace(strings.TrimPrefix(c.Text, "//"))
			if !strings.HasPrefix(text, "+"+rbacRule+":") {
				continue
			}
			v, err := rbac.RuleDefinition.Parse(text)
			if r, ok := v.(rbac.Rule); ok && err == nil {
				comments = append(comments, &raw{rule: r, pos: c.Pos()})
			}
		}
	}
	var out []Rule
	for _, v := range parsed {
		r, ok := v.(rbac.Rule)
		if !ok {
			continue
		}
		rule := Rule{Groups: r.Groups, Resources: r.Resources, ResourceNames: r.ResourceNames,
			Verbs: r.Verbs, URLs: r.URLs, Namespace: r.Namespace}
		for _, c := range comments {
			if !c.used && reflect.DeepEqual(c.rule, r) {
				c.used, rule.pos = true, c.pos
				p := fset.Position(c.pos)
				rule.At = fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
				break
			}
		}
		out = append(out, rule)
	}
	slices.SortStableFunc(out, func(a, b Rule) int { return int(a.pos - b.pos) })
	return out
}
