package crapi

import (
	"go/types"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestPackagesExist loads every package path constant of the package from
// the modules of go.mod, with a type each is used for, so that a path that
// moves shows here.
func TestPackagesExist(t *testing.T) {
	want := map[string]string{ // path: a type or function it declares
		CtrlPkg:           "NewControllerManagedBy",
		ClientPkg:         "Client",
		ReconcilePkg:      "Result",
		BuilderPkg:        "Builder",
		HandlerPkg:        "EventHandler",
		PredicatePkg:      "Predicate",
		ControllerutilPkg: "AddFinalizer",
		FinalizerPkg:      "Finalizers",
		APIErrorsPkg:      "IsNotFound",
		WebhookPkg:        "Server",
		FakePkg:           "NewClientBuilder",
		InterceptorPkg:    "Funcs",
		ManagerPkg:        "Manager",
		ClusterPkg:        "New",
		ControllerPkg:     "Options",
		LogPkg:            "IntoContext",
		SchemePkg:         "Builder",
		CachePkg:          "Options",
		RuntimePkg:        "Scheme",
		MetaV1Pkg:         "Time",
		UnstructuredPkg:   "Unstructured",
		ApplyMetaV1Pkg:    "OwnerReferenceApplyConfiguration",
		BatchV1Pkg:        "JobSpec",
	}
	var paths []string
	for p := range want {
		paths = append(paths, p)
	}
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedTypes}, paths...)
	if err != nil {
		t.Fatal(err)
	}
	byPath := map[string]*types.Package{}
	for _, p := range pkgs {
		if len(p.Errors) > 0 {
			t.Errorf("%s: %v", p.PkgPath, p.Errors)
			continue
		}
		byPath[p.PkgPath] = p.Types
	}
	for path, name := range want {
		pkg := byPath[path]
		if pkg == nil {
			t.Errorf("%s: not loaded", path)
			continue
		}
		if pkg.Scope().Lookup(name) == nil {
			t.Errorf("%s declares no %s", path, name)
		}
	}
}
