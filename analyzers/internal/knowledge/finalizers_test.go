package knowledge_test

import (
	"go/types"
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// Each finalizer helper of a module go.mod requires exists as its row
// says: the object at Obj, the finalizer's name (a string) at Name; and
// the effect table changes the object's finalizers.
func TestFinalizerHelpers(t *testing.T) {
	checked := 0
	for _, h := range knowledge.FinalizerHelpers() {
		if !loadable(h.Pkg) {
			continue // cluster-api: not a dependency of this module
		}
		checked++
		_, fun := lookups(t, loadTypes(t, h.Pkg))
		fn := fun(h.Pkg, h.Func)
		params := fn.Signature().Params()
		if h.Obj >= params.Len() || !isClientObject(params.At(h.Obj).Type()) {
			t.Errorf("%s.%s: parameter %d is not a client.Object", h.Pkg, h.Func, h.Obj)
		}
		if h.Name >= params.Len() || !types.Identical(params.At(h.Name).Type(), types.Typ[types.String]) {
			t.Errorf("%s.%s: parameter %d is not a string", h.Pkg, h.Func, h.Name)
		}
		if row, ok := knowledge.Lookup(fn, h.Obj); !ok || row.Effect != knowledge.Changes || row.Field != "Finalizers" {
			t.Errorf("%s.%s: effect row %+v, want Changes Finalizers", h.Pkg, h.Func, row)
		}
		if got, ok := knowledge.FinalizerHelperOf(fn); !ok || got != h {
			t.Errorf("FinalizerHelperOf(%s.%s) = %+v, %v", h.Pkg, h.Func, got, ok)
		}
	}
	if checked < 2 {
		t.Errorf("%d finalizer helpers checked, want controller-runtime's two at least", checked)
	}
}

// The libraries known to add no finalizer leave out the finalizer
// helpers and finalizer.Finalizers.Finalize, which add them.
func TestLeavesFinalizers(t *testing.T) {
	_, fun := lookups(t, loadTypes(t, "sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"))
	if knowledge.LeavesFinalizers(fun("sigs.k8s.io/controller-runtime/pkg/controller/controllerutil", "AddFinalizer")) {
		t.Error("AddFinalizer is a finalizer helper")
	}
	if !knowledge.LeavesFinalizers(fun("sigs.k8s.io/controller-runtime/pkg/controller/controllerutil", "SetControllerReference")) {
		t.Error("SetControllerReference adds no finalizer")
	}
	pkg := loadTypes(t, "sigs.k8s.io/controller-runtime/pkg/finalizer")["sigs.k8s.io/controller-runtime/pkg/finalizer"]
	iface := pkg.Scope().Lookup("Finalizers").Type().Underlying().(*types.Interface)
	found := false
	for i := range iface.NumMethods() {
		if m := iface.Method(i); m.Name() == "Finalize" {
			found = true
			if knowledge.LeavesFinalizers(m) {
				t.Error("finalizer.Finalizers.Finalize adds the registered finalizers")
			}
		}
	}
	if !found {
		t.Error("finalizer.Finalizers has no Finalize method")
	}
}
