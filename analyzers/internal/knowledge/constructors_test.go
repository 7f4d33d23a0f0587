package knowledge_test

import (
	"go/token"
	"go/types"
	"strings"
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// TestConstructors looks every row of the table of client constructors up
// in the real packages: a row of one package names a function (or a
// variable holding one, of the same type) that exists and that
// ConstructorFunc or ConstructorVar finds with the row's kind; a row of
// packages under a path matches functions of a package listed here; and
// the generated clientsets' patterns, which name no real package, match
// the paths client-gen writes.
func TestConstructors(t *testing.T) {
	under := map[string][]string{ // packages of the rows "p/..."
		"k8s.io/client-go/...": {"k8s.io/client-go/kubernetes", "k8s.io/client-go/dynamic", "k8s.io/client-go/metadata",
			"k8s.io/client-go/scale", "k8s.io/client-go/kubernetes/typed/apps/v1"},
	}
	var paths []string
	for _, r := range knowledge.Constructors() {
		switch {
		case strings.HasPrefix(r.Pkg, "*/"), strings.HasPrefix(r.Pkg, "sigs.k8s.io/cluster-api/"):
		case strings.HasSuffix(r.Pkg, "/..."):
			if under[r.Pkg] == nil {
				t.Fatalf("%+v: no package listed in the test", r)
			}
			paths = append(paths, under[r.Pkg]...)
		default:
			paths = append(paths, r.Pkg)
		}
	}
	byPath := loadTypes(t, paths...)
	for _, r := range knowledge.Constructors() {
		if strings.HasPrefix(r.Pkg, "*/") || strings.HasPrefix(r.Pkg, "sigs.k8s.io/cluster-api/") {
			continue // patterns; cluster-api: not a dependency of this module
		}
		pkgs := []string{r.Pkg}
		if strings.HasSuffix(r.Pkg, "/...") {
			pkgs = under[r.Pkg]
		}
		for _, path := range pkgs {
			pkg := byPath[path]
			if pkg == nil {
				t.Errorf("%+v: %s not loaded", r, path)
				continue
			}
			n := 0
			for _, name := range pkg.Scope().Names() {
				prefix, wild := strings.CutSuffix(r.Name, "*")
				if name != r.Name && (!wild || !strings.HasPrefix(name, prefix)) {
					continue
				}
				var (
					got  string
					kind knowledge.ClientKind
					ok   bool
				)
				switch obj := pkg.Scope().Lookup(name).(type) {
				case *types.Func:
					if r.Var {
						continue
					}
					got, kind, ok = knowledge.ConstructorFunc(obj)
				case *types.Var:
					if !r.Var {
						continue
					}
					if _, isFunc := obj.Type().Underlying().(*types.Signature); !isFunc {
						t.Errorf("%+v: %s.%s holds no function", r, path, name)
					}
					got, kind, ok = knowledge.ConstructorVar(obj)
				default:
					continue
				}
				n++
				qual := r.Qual
				if qual == "" {
					qual = pkg.Name()
				}
				if !ok || kind != r.Kind || got != qual+"."+name {
					t.Errorf("%+v: %s.%s gives %q, %d, %v", r, path, name, got, kind, ok)
				}
			}
			if n == 0 {
				t.Errorf("%+v: %s has no such function", r, path)
			}
		}
	}
	// ctrl.NewManager holds manager.New.
	v, _ := byPath["sigs.k8s.io/controller-runtime"].Scope().Lookup("NewManager").(*types.Var)
	f, _ := byPath["sigs.k8s.io/controller-runtime/pkg/manager"].Scope().Lookup("New").(*types.Func)
	if v == nil || f == nil || !types.Identical(v.Type(), f.Type()) {
		t.Errorf("ctrl.NewManager (%v) does not hold manager.New (%v)", v, f)
	}
	// Generated clientsets, and a wrapper that is no constructor.
	for path, want := range map[string]bool{
		"example.com/op/pkg/generated/clientset/versioned":               true,
		"example.com/op/pkg/generated/clientset/versioned/typed/web/v1":  true,
		"example.com/op/pkg/generated/clientset/versioned/fake":          false,
		"example.com/op/pkg/generated/clientset/versionedx":              false,
		"example.com/op/pkg/generated/informers/externalversions/web/v1": false,
	} {
		pkg := types.NewPackage(path, "versioned")
		sig := types.NewSignatureType(nil, nil, nil, types.NewTuple(), types.NewTuple(), false)
		fn := types.NewFunc(token.NoPos, pkg, "NewForConfig", sig)
		if _, kind, ok := knowledge.ConstructorFunc(fn); ok != want || (ok && kind != knowledge.Clientset) {
			t.Errorf("ConstructorFunc(%s.NewForConfig) = %d, %v; want %v", path, kind, ok, want)
		}
	}
	// cluster-api's client for a workload cluster, by path.
	remote := types.NewPackage("sigs.k8s.io/cluster-api/controllers/remote", "remote")
	sig := types.NewSignatureType(nil, nil, nil, types.NewTuple(), types.NewTuple(), false)
	if name, kind, ok := knowledge.ConstructorFunc(types.NewFunc(token.NoPos, remote, "NewClusterClient", sig)); !ok || kind != knowledge.ControllerClient || name != "remote.NewClusterClient" {
		t.Errorf("ConstructorFunc(remote.NewClusterClient) = %q, %d, %v; want a controller-runtime client", name, kind, ok)
	}
	wrap := byPath["sigs.k8s.io/controller-runtime/pkg/client"].Scope().Lookup("NewNamespacedClient").(*types.Func)
	if _, _, ok := knowledge.ConstructorFunc(wrap); ok {
		t.Error("client.NewNamespacedClient wraps a client and builds no connection")
	}
}
