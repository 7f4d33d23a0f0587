package statuswriter

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/lifecycle"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
)

// StatusSubresource is the fact that a type of the user's module is
// declared with the // +kubebuilder:subresource:status marker, so that its
// CRD serves status as a subresource.
type StatusSubresource struct{}

// AFact implements analysis.Fact.
func (*StatusSubresource) AFact() {}

func (*StatusSubresource) String() string { return "statusSubresource" }

const subresourceMarker = "+kubebuilder:subresource:status"

// markedTypes returns the types of pass's package whose declaration
// carries the status subresource marker: in the doc comment, or in a
// comment group between the previous declaration and this one (kubebuilder
// puts the markers above the doc comment, separated by a blank line). A
// marker in a file's package comment applies to every type of the package
// that has a Status field.
func markedTypes(pass *analysis.Pass) map[*types.TypeName]bool {
	out := map[*types.TypeName]bool{}
	pkgWide := false
	for _, f := range pass.Files {
		for _, cg := range f.Comments {
			if cg.End() < f.Package && hasMarker(cg) {
				pkgWide = true
			}
		}
		prev := f.Name.End()
		ci := 0
		for _, decl := range f.Decls {
			start := decl.Pos()
			var groups []*ast.CommentGroup
			for ci < len(f.Comments) && f.Comments[ci].Pos() < start {
				if f.Comments[ci].Pos() > prev {
					groups = append(groups, f.Comments[ci])
				}
				ci++
			}
			prev = decl.End()
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			above := false
			for _, cg := range groups {
				above = above || hasMarker(cg)
			}
			for _, spec := range gd.Specs {
				ts, ok := spec.(*ast.TypeSpec)
				if !ok {
					continue
				}
				// In a grouped declaration only the spec's own doc counts.
				marked := hasMarker(ts.Doc) || (len(gd.Specs) == 1 && above)
				if tn, ok := pass.TypesInfo.Defs[ts.Name].(*types.TypeName); ok && marked {
					out[tn] = true
				}
			}
		}
	}
	if pkgWide {
		scope := pass.Pkg.Scope()
		for _, name := range scope.Names() {
			if tn, ok := scope.Lookup(name).(*types.TypeName); ok && statusField(tn.Type()) != nil && isObjectType(tn.Type()) {
				out[tn] = true
			}
		}
	}
	return out
}

func hasMarker(cg *ast.CommentGroup) bool {
	if cg == nil {
		return false
	}
	for _, c := range cg.List {
		text := strings.TrimSpace(strings.TrimPrefix(c.Text, "//"))
		if strings.HasPrefix(text, subresourceMarker) {
			return true
		}
	}
	return false
}

// statusField returns the Status field declared by t's struct (not one
// promoted from an embedded struct), or nil.
func statusField(t types.Type) *types.Var {
	st, ok := types.Unalias(t).Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for f := range st.Fields() {
		if f.Name() == "Status" && !f.Embedded() {
			return f
		}
	}
	return nil
}

// isObjectType reports whether t's struct embeds ObjectMeta.
func isObjectType(t types.Type) bool {
	st, ok := types.Unalias(t).Underlying().(*types.Struct)
	return ok && objects.ObjectStruct(st)
}

// Built-in API groups whose types have a Status field but are not stored
// objects with a status subresource: the review and token requests are
// answered, never updated.
var noStatusSubresource = []string{
	"k8s.io/api/authentication/",
	"k8s.io/api/authorization/",
	"k8s.io/api/imagepolicy/",
}

// hasStatusSubresource reports whether the object type behind t (a
// pointer to a named struct) is known to serve status as a subresource:
// a built-in type with a Status field, the CRD and APIService types, or a
// type of the user's module declared with the kubebuilder marker (seen
// here or through a fact). Unknown types are taken as not having one.
func (c *checker) hasStatusSubresource(t types.Type) bool {
	n := crapi.Named(t)
	if n == nil || n.Obj().Pkg() == nil || statusField(n) == nil || !isObjectType(n) {
		return false
	}
	tn := n.Obj()
	path := tn.Pkg().Path()
	switch {
	case strings.HasPrefix(path, "k8s.io/api/"):
		for _, p := range noStatusSubresource {
			if strings.HasPrefix(path, p) {
				return false
			}
		}
		// autoscaling's Scale is itself the scale subresource.
		return tn.Name() != "Scale"
	case strings.HasPrefix(path, "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/"):
		return tn.Name() == "CustomResourceDefinition"
	case strings.HasPrefix(path, "k8s.io/kube-aggregator/pkg/apis/apiregistration/"):
		return tn.Name() == "APIService"
	case path == lifecycle.MetaV1Pkg:
		return false
	}
	if tn.Pkg() == c.pass.Pkg {
		return c.marked[tn]
	}
	return c.pass.ImportObjectFact(tn, new(StatusSubresource))
}
