package apimarkers

import (
	"go/constant"
	"go/types"
	"maps"
	"slices"
	"strings"

	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// builtinAPI is the module whose packages declare the built-in kinds,
// each with a GroupName constant.
const builtinAPI = "k8s.io/api/"

// Resource names the API resource of an object type, as RBAC rules do.
type Resource struct {
	Group    string // "" for the core group
	Resource string // the plural: "deployments"
}

func (r Resource) String() string {
	if r.Group == "" {
		return r.Resource
	}
	return r.Resource + "." + r.Group
}

// ResourceOf returns the resource of objects of type t (a kind, a pointer
// to one, or its List type): for a kind of the module, the group of its
// package's +groupName and its plural as controller-gen writes it; for a
// built-in kind of k8s.io/api, its package's GroupName and the plural the
// API server serves (apimachinery's rule). Other types are not known.
func (r *Result) ResourceOf(t types.Type) (Resource, bool) {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return Resource{}, false
	}
	kind := kindName(n)
	pkg := n.Obj().Pkg()
	if strings.HasPrefix(pkg.Path(), builtinAPI) {
		var group string
		if c, ok := pkg.Scope().Lookup("GroupName").(*types.Const); ok && c.Val().Kind() == constant.String {
			group = constant.StringVal(c.Val())
		} else if g, ok := knowledge.BuiltinGroup(pkg.Path()); ok {
			// Reached only through another package's signature (a typed
			// clientset's): the export data holds no constant.
			group = g
		} else {
			return Resource{}, false
		}
		plural, _ := meta.UnsafeGuessKindToResource(schema.GroupVersionKind{Kind: kind})
		return Resource{Group: group, Resource: plural.Resource}, true
	}
	p := r.Lookup(pkg)
	if p == nil || p.Err != "" || p.Group == "" {
		return Resource{}, false
	}
	k := p.Kind(kind)
	if k == nil {
		return Resource{}, false
	}
	return Resource{Group: p.Group, Resource: k.Plural}, true
}

// kindName is the kind of a type: its name, without the List suffix of a
// list type (a struct with an Items field).
func kindName(n *types.Named) string {
	name := n.Obj().Name()
	base, isList := strings.CutSuffix(name, "List")
	if !isList || base == "" {
		return name
	}
	if st, ok := n.Underlying().(*types.Struct); ok {
		for f := range st.Fields() {
			if f.Name() == "Items" {
				return base
			}
		}
	}
	return name
}

// All returns the markers of the analysed package and of every package of
// the module it depends on.
func (r *Result) All() []*Package {
	var out []*Package
	if r.own != nil {
		out = append(out, r.own)
	}
	pkgs := slices.Collect(maps.Keys(r.imported))
	slices.SortFunc(pkgs, func(a, b *types.Package) int { return strings.Compare(a.Path(), b.Path()) })
	for _, p := range pkgs {
		out = append(out, r.imported[p])
	}
	return out
}

// VersionKindOf returns the API version and kind of objects of type t (a
// kind or a pointer to one): a built-in kind's package name (v1), a kind
// of the module its package's +versionName or name; ok false when
// ResourceOf does not know t.
func (r *Result) VersionKindOf(t types.Type) (version, kind string, ok bool) {
	if _, ok := r.ResourceOf(t); !ok {
		return "", "", false
	}
	if p, isPtr := types.Unalias(t).(*types.Pointer); isPtr {
		t = p.Elem()
	}
	n := types.Unalias(t).(*types.Named)
	pkg := n.Obj().Pkg()
	if strings.HasPrefix(pkg.Path(), builtinAPI) {
		return pkg.Name(), kindName(n), true
	}
	return r.Lookup(pkg).Version, kindName(n), true
}
