package crapi

import (
	"context"
	"go/types"
	"reflect"
	"slices"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/client-go/kubernetes/scheme"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"

	"golang.org/x/tools/go/packages"
)

// TestFakeBuilderMethods looks the fake builder's table up in the real
// package: every row is a method of *fake.ClientBuilder (the configuring
// ones return the builder), and every method of the builder has a row, so
// that a release adding one shows here.
func TestFakeBuilderMethods(t *testing.T) {
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedTypes},
		FakePkg, InterceptorPkg)
	if err != nil {
		t.Fatal(err)
	}
	byPath := map[string]*types.Package{}
	for _, p := range pkgs {
		byPath[p.PkgPath] = p.Types
	}
	fakePkg, icpt := byPath[FakePkg], byPath[InterceptorPkg]
	if fakePkg == nil || icpt == nil {
		t.Fatal("fake or interceptor package not loaded")
	}
	builder := fakePkg.Scope().Lookup("ClientBuilder")
	if builder == nil {
		t.Fatal("fake.ClientBuilder not found")
	}
	ptr := types.NewPointer(builder.Type())
	mset := types.NewMethodSet(ptr)
	for i := range mset.Len() {
		fn := mset.At(i).Obj().(*types.Func)
		if _, ok := fakeBuilderMethods[fn.Name()]; !ok {
			t.Errorf("ClientBuilder.%s has no row in fakeBuilderMethods", fn.Name())
		}
	}
	for name, step := range fakeBuilderMethods {
		m, _, _ := types.LookupFieldOrMethod(ptr, true, fakePkg, name)
		fn, ok := m.(*types.Func)
		if !ok {
			t.Errorf("ClientBuilder.%s not found", name)
			continue
		}
		if got := FakeStepOf(fn); got != step {
			t.Errorf("FakeStepOf(%s) = %v, want %v", name, got, step)
		}
		res := fn.Signature().Results()
		switch step {
		case FakeConfigure, FakeWithStatus:
			if res.Len() != 1 || !types.Identical(res.At(0).Type(), ptr) {
				t.Errorf("ClientBuilder.%s does not return the builder", name)
			}
		case FakeBuild:
			if res.Len() != 1 || !IsNamed(res.At(0).Type(), ClientPkg, "WithWatch") {
				t.Errorf("ClientBuilder.%s does not return a client.WithWatch", name)
			}
		}
	}
	if !FakeHasStatusSubresources(fakePkg) {
		t.Error("FakeHasStatusSubresources(fake) = false")
	}
	if FakeHasStatusSubresources(icpt) != true {
		t.Error("FakeHasStatusSubresources of a package without ClientBuilder must keep the default")
	}
	legacy := types.NewPackage(FakePkg, "fake")
	ltn := types.NewTypeName(0, legacy, "ClientBuilder", nil)
	types.NewNamed(ltn, types.NewStruct(nil, nil), nil)
	legacy.Scope().Insert(ltn)
	if FakeHasStatusSubresources(legacy) {
		t.Error("FakeHasStatusSubresources of a builder without WithStatusSubresource = true")
	}
	for _, c := range []struct {
		pkg  *types.Package
		name string
		want FakeStep
	}{
		{fakePkg, "NewClientBuilder", FakeNewBuilder},
		{fakePkg, "NewFakeClient", FakeNewClient},
		{icpt, "NewClient", FakeIntercept},
	} {
		fn, ok := c.pkg.Scope().Lookup(c.name).(*types.Func)
		if !ok {
			t.Errorf("%s.%s not found", c.pkg.Path(), c.name)
			continue
		}
		if got := FakeStepOf(fn); got != c.want {
			t.Errorf("FakeStepOf(%s) = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestFakeInTreeStatus asks the real fake client, for every kind of
// client-go's scheme, whether it serves the status subresource (a status
// write of an object it holds succeeds, or answers NotFound), and holds
// the table to its answers.
func TestFakeInTreeStatus(t *testing.T) {
	ctx := context.Background()
	served, known := map[string]bool{}, map[string]bool{}
	for gvk, rt := range scheme.Scheme.AllKnownTypes() {
		known[rt.PkgPath()+"."+rt.Name()] = true
		if _, ok := rt.FieldByName("Status"); !ok || rt.Kind() != reflect.Struct {
			continue
		}
		if _, ok := rt.FieldByName("ObjectMeta"); !ok {
			continue
		}
		obj, err := scheme.Scheme.New(gvk)
		if err != nil {
			t.Fatal(err)
		}
		o, ok := obj.(client.Object)
		if !ok {
			continue
		}
		o.SetName("x")
		if _, err := meta.Accessor(o); err != nil {
			continue
		}
		c := fake.NewClientBuilder().WithScheme(scheme.Scheme).WithObjects(o).Build()
		err = c.Status().Update(ctx, o)
		key := rt.PkgPath() + "." + rt.Name()
		switch {
		case err == nil:
			served[key] = true
		case apierrors.IsNotFound(err):
			served[key] = served[key] || false
		default:
			t.Logf("%s: %v", gvk, err)
		}
	}
	if len(served) < 50 {
		t.Fatalf("only %d kinds tried", len(served))
	}
	for key, want := range served {
		if got := fakeInTreeName(key); got != want {
			t.Errorf("fakeInTreeStatus of %s = %v, the fake client says %v", key, got, want)
		}
	}
	// Every row names a kind of the scheme (the CRD type is not in
	// client-go's; NetworkPolicy has no status field any more).
	for path, names := range fakeInTreeStatus {
		for _, n := range names {
			key := path + "." + n
			if !known[key] && key != "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1.CustomResourceDefinition" {
				t.Errorf("row %s: no such kind in client-go's scheme", key)
			}
		}
	}
}

func fakeInTreeName(key string) bool {
	for path, names := range fakeInTreeStatus {
		if slices.ContainsFunc(names, func(n string) bool { return path+"."+n == key }) {
			return true
		}
	}
	return false
}

// TestFakeInTreeStatusCRD looks the CRD row up in the real package.
func TestFakeInTreeStatusCRD(t *testing.T) {
	const path = "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedTypes}, path)
	if err != nil || len(pkgs) != 1 || pkgs[0].Types == nil {
		t.Fatal(err)
	}
	obj := pkgs[0].Types.Scope().Lookup("CustomResourceDefinition")
	if obj == nil {
		t.Fatal("CustomResourceDefinition not found")
	}
	if !FakeInTreeStatus(types.NewPointer(obj.Type())) {
		t.Error("FakeInTreeStatus(*CustomResourceDefinition) = false")
	}
	if FakeInTreeStatus(types.Typ[types.Int]) {
		t.Error("FakeInTreeStatus(int) = true")
	}
}
