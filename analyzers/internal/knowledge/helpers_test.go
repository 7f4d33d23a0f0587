package knowledge_test

import (
	"go/types"
	"os"
	"strings"
	"sync"
	"testing"

	"golang.org/x/mod/modfile"
	"golang.org/x/tools/go/packages"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// world is one load, shared by the tests, of every package whose rows
// they look up (seedPaths): each load of the real modules costs seconds.
var world struct {
	once   sync.Once
	byPath map[string]*types.Package
	errs   map[string][]packages.Error
	err    error
}

// extraPaths are the packages the tests name besides the tables' rows.
var extraPaths = []string{
	"context", "errors", "fmt", "reflect", "testing", "time",
	"github.com/go-logr/logr", "github.com/onsi/gomega/types",
	"k8s.io/api/apps/v1", "k8s.io/api/autoscaling/v1",
	"k8s.io/api/authentication/v1", "k8s.io/api/authorization/v1", "k8s.io/api/imagepolicy/v1alpha1",
	"k8s.io/apimachinery/pkg/api/equality", "k8s.io/apimachinery/pkg/api/errors", "k8s.io/apimachinery/pkg/api/meta",
	"k8s.io/apimachinery/pkg/apis/meta/v1", "k8s.io/apimachinery/third_party/forked/golang/reflect",
	"k8s.io/apimachinery/pkg/util/wait",
	"k8s.io/client-go/dynamic", "k8s.io/client-go/kubernetes", "k8s.io/client-go/kubernetes/typed/apps/v1", "k8s.io/client-go/kubernetes/typed/core/v1",
	"sigs.k8s.io/controller-runtime/pkg/client/config", "k8s.io/client-go/rest",
	"k8s.io/client-go/metadata", "k8s.io/client-go/scale",
	"k8s.io/client-go/tools/events", "k8s.io/client-go/tools/record",
	"sigs.k8s.io/controller-runtime", "sigs.k8s.io/controller-runtime/pkg/controller/controllerutil",
	"sigs.k8s.io/controller-runtime/pkg/recorder", "sigs.k8s.io/controller-runtime/pkg/envtest", "net/http/httptest",
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1",
}

// seedPaths are the packages of every table's rows that this module can
// load, and extraPaths.
func seedPaths() []string {
	seen := map[string]bool{}
	var out []string
	add := func(p string) {
		if p != "" && !seen[p] && !strings.Contains(p, "*") && !strings.HasSuffix(p, "/...") && loadable(p) {
			seen[p] = true
			out = append(out, p)
		}
	}
	for _, r := range knowledge.Rows() {
		add(r.Pkg)
	}
	for _, r := range knowledge.Constructors() {
		add(r.Pkg)
	}
	for _, r := range knowledge.Derivers() {
		add(r.Pkg)
	}
	for _, r := range knowledge.Lifetimes() {
		add(r.Pkg)
	}
	for _, r := range knowledge.LogRows() {
		add(r.Pkg)
	}
	for _, r := range knowledge.PureRows() {
		add(r.Pkg)
	}
	for _, r := range knowledge.Retriers() {
		add(r.Pkg)
	}
	for _, r := range knowledge.TestRows() {
		add(r.Pkg)
	}
	for _, r := range knowledge.ErrorMakers() {
		add(r.Pkg)
	}
	for _, r := range knowledge.NoReturnRows() {
		add(r.Pkg)
	}
	for _, r := range knowledge.WriterRows() {
		add(r.Pkg)
	}
	for _, r := range knowledge.TimerRows() {
		add(r.Pkg)
	}
	for _, r := range knowledge.Patchers() {
		add(r.Pkg)
	}
	for _, r := range knowledge.OrphaningRows() {
		add(r.Pkg)
	}
	for _, r := range knowledge.TimeRows() {
		add(r.Pkg)
	}
	for _, r := range knowledge.SyncRows() {
		add(r.Pkg)
	}
	for _, r := range knowledge.MetricsRows() {
		add(r.Pkg)
	}
	for _, r := range knowledge.FlagRows() {
		add(r.Pkg)
	}
	for _, p := range knowledge.Sorters() {
		add(p)
	}
	add("context")
	wq, _ := knowledge.EnqueueMethods()
	add(wq)
	for _, p := range extraPaths {
		add(p)
	}
	return out
}

// pkgsOf returns the packages of rows, each once.
func pkgsOf[R any](rows []R, pkg func(R) string) []string {
	seen := map[string]bool{}
	var out []string
	for _, r := range rows {
		if p := pkg(r); !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}

// load loads paths and their dependencies, by path, with each package's
// errors.
func load(paths []string) (map[string]*types.Package, map[string][]packages.Error, error) {
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedTypes | packages.NeedImports | packages.NeedDeps}, paths...)
	if err != nil {
		return nil, nil, err
	}
	byPath := map[string]*types.Package{}
	errs := map[string][]packages.Error{}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if len(p.Errors) > 0 {
			errs[p.PkgPath] = p.Errors
		}
		byPath[p.PkgPath] = p.Types
	})
	return byPath, errs, nil
}

// loadTypes returns the loaded packages, by path, the dependencies of
// paths included, failing the test if one of paths has errors. Paths
// outside the shared load are loaded on their own (types from two loads
// are not identical, so they are not mixed).
func loadTypes(t *testing.T, paths ...string) map[string]*types.Package {
	t.Helper()
	world.once.Do(func() { world.byPath, world.errs, world.err = load(seedPaths()) })
	if world.err != nil {
		t.Fatal(world.err)
	}
	byPath, errs := world.byPath, world.errs
	for _, p := range paths {
		if byPath[p] == nil {
			t.Logf("%s is not in the shared load (add it to extraPaths): loading %v on their own", p, paths)
			var err error
			if byPath, errs, err = load(paths); err != nil {
				t.Fatal(err)
			}
			break
		}
	}
	for _, p := range paths {
		if len(errs[p]) > 0 {
			t.Fatalf("%s: %v", p, errs[p])
		}
	}
	return byPath
}

// loadable reports whether path is a package of the standard library or
// of a module go.mod requires: others cannot be loaded here.
func loadable(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".") || required(path)
}

var goMod = sync.OnceValues(func() (*modfile.File, error) {
	data, err := os.ReadFile("../../../go.mod")
	if err != nil {
		return nil, err
	}
	return modfile.ParseLax("go.mod", data, nil)
})

// required reports whether path is a package of a module go.mod requires.
func required(path string) bool {
	mf, err := goMod()
	if err != nil {
		panic(err)
	}
	for _, r := range mf.Require {
		if path == r.Mod.Path || strings.HasPrefix(path, r.Mod.Path+"/") {
			return true
		}
	}
	return false
}

// lookups returns finders of a method (of a package's named type, its
// pointer's method set included) and of a package-level function in the
// loaded packages byPath; each fails the test when there is none.
func lookups(t *testing.T, byPath map[string]*types.Package) (method func(pkg, typ, name string) *types.Func, fun func(pkg, name string) *types.Func) {
	method = func(pkg, typ, name string) *types.Func {
		t.Helper()
		obj := byPath[pkg].Scope().Lookup(typ)
		if obj == nil {
			t.Fatalf("%s.%s not found", pkg, typ)
		}
		m, _, _ := types.LookupFieldOrMethod(obj.Type(), true, byPath[pkg], name)
		fn, ok := m.(*types.Func)
		if !ok {
			t.Fatalf("%s.%s.%s not found", pkg, typ, name)
		}
		return fn
	}
	fun = func(pkg, name string) *types.Func {
		t.Helper()
		fn, ok := byPath[pkg].Scope().Lookup(name).(*types.Func)
		if !ok {
			t.Fatalf("%s.%s not found", pkg, name)
		}
		return fn
	}
	return method, fun
}
