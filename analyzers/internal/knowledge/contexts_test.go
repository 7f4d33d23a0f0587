package knowledge_test

import (
	"go/types"
	"strings"
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// TestDerivers looks every row of the table of context derivers up in the
// real packages: a function whose first parameter and first result are
// contexts, that DeriverOf finds; and ctrl.LoggerInto holds the first
// row's function.
func TestDerivers(t *testing.T) {
	paths := []string{"context", "sigs.k8s.io/controller-runtime"}
	for _, d := range knowledge.Derivers() {
		paths = append(paths, d.Pkg)
	}
	byPath := loadTypes(t, paths...)
	ctx := byPath["context"].Scope().Lookup("Context").Type()
	for _, d := range knowledge.Derivers() {
		fn, ok := byPath[d.Pkg].Scope().Lookup(d.Name).(*types.Func)
		if !ok {
			t.Errorf("%+v: no such function", d)
			continue
		}
		sig := fn.Signature()
		if sig.Params().Len() == 0 || !types.Identical(sig.Params().At(0).Type(), ctx) ||
			sig.Results().Len() == 0 || !types.Identical(sig.Results().At(0).Type(), ctx) {
			t.Errorf("%+v: %v does not derive a context from its first argument", d, sig)
		}
		if got, ok := knowledge.DeriverOf(fn); !ok || got != d {
			t.Errorf("DeriverOf(%v) = %+v, %v", fn, got, ok)
		}
	}
	v, ok := byPath["sigs.k8s.io/controller-runtime"].Scope().Lookup("LoggerInto").(*types.Var)
	if !ok {
		t.Fatal("ctrl.LoggerInto not found")
	}
	first := knowledge.Derivers()[0]
	if d, ok := knowledge.DeriverNamed(first.Pkg, "IntoContext"); !ok || d != first {
		t.Errorf("DeriverNamed(%s, IntoContext) = %+v, %v", first.Pkg, d, ok)
	}
	want := byPath[first.Pkg].Scope().Lookup(first.Name).Type()
	if !types.Identical(v.Type(), want) {
		t.Errorf("ctrl.LoggerInto is %v, not %v", v.Type(), want)
	}
	if _, ok := knowledge.DeriverOf(byPath["context"].Scope().Lookup("Background").(*types.Func)); ok {
		t.Error("DeriverOf(context.Background): it derives nothing")
	}
}

// Each lifetime row of controller-runtime names a method whose first
// parameter is a context, and StartsLifetime knows it. (fx is not a
// dependency of this module: its row is not loaded here.)
func TestLifetimes(t *testing.T) {
	var paths []string
	for _, l := range knowledge.Lifetimes() {
		if strings.HasPrefix(l.Pkg, "sigs.k8s.io/") {
			paths = append(paths, l.Pkg)
		}
	}
	byPath := loadTypes(t, append(paths, "context")...)
	ctx := byPath["context"].Scope().Lookup("Context").Type()
	for _, l := range knowledge.Lifetimes() {
		pkg := byPath[l.Pkg]
		if pkg == nil {
			continue
		}
		tn, ok := pkg.Scope().Lookup(l.Type).(*types.TypeName)
		if !ok {
			t.Errorf("%+v: no such type", l)
			continue
		}
		obj, _, _ := types.LookupFieldOrMethod(tn.Type(), true, pkg, l.Method)
		fn, ok := obj.(*types.Func)
		if !ok {
			t.Errorf("%+v: no such method", l)
			continue
		}
		if sig := fn.Signature(); sig.Params().Len() == 0 || !types.Identical(sig.Params().At(0).Type(), ctx) {
			t.Errorf("%+v: %v takes no context first", l, sig)
		}
		if !knowledge.StartsLifetime(fn) && fn.Pkg().Path() == l.Pkg {
			t.Errorf("StartsLifetime(%v) = false", fn)
		}
	}
}
