package knowledge

import (
	"go/types"
	"strings"
)

// This file says which library functions add a finalizer to the object
// they are given, or remove one from it. The lifecycle layer reads it;
// the module's own helpers are summarised from their bodies instead.

// FinalizerHelper is a package-level function of Pkg that adds (or, with
// Removes, removes) the finalizer given at argument Name to the object
// given at argument Obj (indexes count the arguments from 0).
type FinalizerHelper struct {
	Pkg, Func string
	Obj, Name int
	Removes   bool
}

const capiFinalizers = "sigs.k8s.io/cluster-api/util/finalizers"

var finalizerHelpers = []FinalizerHelper{
	{Pkg: controllerutil, Func: "AddFinalizer", Obj: 0, Name: 1},
	{Pkg: controllerutil, Func: "RemoveFinalizer", Obj: 0, Name: 1, Removes: true},
	// cluster-api's: adds the finalizer and merge-patches the object
	// unless it is terminating or has it already; its bool says whether
	// it did. Its providers (and operators built on cluster-api's util)
	// call it right after the Get.
	{Pkg: capiFinalizers, Func: "EnsureFinalizer", Obj: 2, Name: 3},
}

// FinalizerHelperOf returns the row of fn, a package-level function.
func FinalizerHelperOf(fn *types.Func) (FinalizerHelper, bool) {
	if fn == nil || fn.Pkg() == nil || fn.Signature().Recv() != nil {
		return FinalizerHelper{}, false
	}
	for _, h := range finalizerHelpers {
		if h.Pkg == fn.Pkg().Path() && h.Func == fn.Name() {
			return h, true
		}
	}
	return FinalizerHelper{}, false
}

// FinalizerHelpers returns a copy of the table, for tests.
func FinalizerHelpers() []FinalizerHelper { return append([]FinalizerHelper(nil), finalizerHelpers...) }

// finalizerFreeModules are the libraries whose functions add no
// finalizer to an object they are given, but for the rows of
// finalizerHelpers and controller-runtime's finalizer.Finalizers.Finalize
// (which adds the registered finalizers to a live object): they build
// controllers around a type (For(&T{}), sources, handlers, indexes),
// record events about it, convert or compare it, or send it as it is.
// Besides them, the standard library and readOnlyPackages.
var finalizerFreeModules = []string{
	"k8s.io",
	"sigs.k8s.io/controller-runtime",
	"github.com/go-logr",
}

// finalizerPkg is the package of controller-runtime's
// finalizer.Finalizers, whose Finalize adds the registered finalizers to
// an object that is not terminating.
const finalizerPkg = "sigs.k8s.io/controller-runtime/pkg/finalizer"

// LeavesFinalizers reports whether fn, a library function or method, is
// known to add no finalizer to the objects it is given. The callers ask
// FinalizerHelperOf first, and treat finalizer.Finalizers.Finalize
// (package finalizer) as an addition.
func LeavesFinalizers(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	path := fn.Pkg().Path()
	if _, ok := FinalizerHelperOf(fn); ok || path == finalizerPkg && fn.Name() == "Finalize" {
		return false
	}
	if StandardLibrary(path) {
		return true
	}
	for _, p := range finalizerFreeModules {
		if path == p || strings.HasPrefix(path, p+"/") {
			return true
		}
	}
	for _, p := range readOnlyPackages {
		if path == p {
			return true
		}
	}
	return false
}
