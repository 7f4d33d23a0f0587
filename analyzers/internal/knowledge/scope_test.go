package knowledge_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// TestClusterScoped compares the table with the +genclient markers of the
// API packages this module builds with: a kind marked nonNamespaced must
// be in the table, every kind of the table must be so marked in some
// version, and a kind marked +genclient alone is known as namespaced.
func TestClusterScoped(t *testing.T) {
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedFiles}
	pkgs, err := packages.Load(cfg, "k8s.io/api/...", "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/...")
	if err != nil {
		t.Fatal(err)
	}
	marked := map[string]bool{}     // group + "." + kind, nonNamespaced
	namespaced := map[string]bool{} // pkg path + "." + kind, +genclient alone
	fset := token.NewFileSet()
	for _, p := range pkgs {
		if v := path.Base(p.PkgPath); len(v) < 2 || v[0] != 'v' || v[1] < '0' || v[1] > '9' {
			continue // the internal, unversioned types
		}
		for _, name := range p.GoFiles {
			f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			prev := f.Name.End()
			for _, d := range f.Decls {
				gd, ok := d.(*ast.GenDecl)
				start := prev
				prev = d.End()
				if !ok || gd.Tok != token.TYPE {
					continue
				}
				// The markers are in the comment groups between the
				// previous declaration and this one, often apart from
				// the doc comment.
				var gen, cluster bool
				for _, cg := range f.Comments {
					if cg.Pos() < start || cg.End() > gd.Pos() {
						continue
					}
					for _, c := range cg.List {
						text := strings.TrimSpace(strings.TrimPrefix(c.Text, "//"))
						gen = gen || text == "+genclient"
						cluster = cluster || text == "+genclient:nonNamespaced"
					}
				}
				for _, s := range gd.Specs {
					ts := s.(*ast.TypeSpec)
					switch {
					case cluster:
						marked[path.Dir(p.PkgPath)+"."+ts.Name.Name] = true
					case gen:
						namespaced[p.PkgPath+"."+ts.Name.Name] = true
					}
				}
			}
		}
	}
	if len(marked) < 20 || len(namespaced) < 20 {
		t.Fatalf("read %d cluster-scoped and %d namespaced kinds: the markers were not found", len(marked), len(namespaced))
	}
	inTable := map[string]bool{}
	for _, r := range knowledge.ScopeRows() {
		for _, k := range r.Kinds {
			inTable[r.Group+"."+k] = true
			if !marked[r.Group+"."+k] && !strings.Contains(r.Group, "kube-aggregator") {
				t.Errorf("%s.%s is in the table but no version marks it +genclient:nonNamespaced", r.Group, k)
			}
		}
	}
	for k := range marked {
		if !inTable[k] {
			t.Errorf("%s is marked +genclient:nonNamespaced but is not in the table", k)
		}
	}
	for k := range namespaced {
		i := strings.LastIndex(k, ".")
		tn := types.NewTypeName(token.NoPos, types.NewPackage(k[:i], path.Base(k[:i])), k[i+1:], nil)
		if cluster, known := knowledge.BuiltinScope(tn); cluster || !known {
			t.Errorf("BuiltinScope(%s) = %v, %v; want namespaced, known", k, cluster, known)
		}
	}
	// Types of other modules are the CRDs'.
	other := types.NewTypeName(token.NoPos, types.NewPackage("example.com/api/v1", "v1"), "Namespace", nil)
	if _, known := knowledge.BuiltinScope(other); known {
		t.Error("BuiltinScope of a module's type must be unknown")
	}
	if !slices.ContainsFunc(knowledge.ScopeRows(), func(r knowledge.ScopeRow) bool { return slices.Contains(r.Kinds, "ClusterRole") }) {
		t.Error("ClusterRole missing")
	}
}

// TestOwnerRefs looks the owner-reference rows up in the real packages:
// the optional fields are pointers, the controller getters return a
// reference, ptr.Deref exists.
func TestOwnerRefs(t *testing.T) {
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes}
	pkgs, err := packages.Load(cfg, "k8s.io/apimachinery/pkg/apis/meta/v1", knowledge.PtrDeref.Pkg)
	if err != nil || len(pkgs) != 2 {
		t.Fatal(err, len(pkgs))
	}
	byPath := map[string]*types.Package{}
	for _, p := range pkgs {
		byPath[p.PkgPath] = p.Types
	}
	meta := byPath["k8s.io/apimachinery/pkg/apis/meta/v1"]
	ref := meta.Scope().Lookup("OwnerReference").Type().Underlying().(*types.Struct)
	for _, name := range knowledge.OwnerRefOptional {
		found := false
		for f := range ref.Fields() {
			if f.Name() == name {
				_, found = f.Type().(*types.Pointer)
			}
		}
		if !found {
			t.Errorf("OwnerReference.%s is not a pointer field", name)
		}
	}
	for _, r := range knowledge.ControllerOfRows() {
		fn, ok := byPath[r.Pkg].Scope().Lookup(r.Name).(*types.Func)
		if !ok || !knowledge.ControllerOf(fn) || fn.Signature().Results().Len() != 1 {
			t.Errorf("%s.%s: not a function returning the controller reference", r.Pkg, r.Name)
		}
	}
	if _, ok := byPath[knowledge.PtrDeref.Pkg].Scope().Lookup(knowledge.PtrDeref.Name).(*types.Func); !ok {
		t.Errorf("%v not found", knowledge.PtrDeref)
	}
}
