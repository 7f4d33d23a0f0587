package knowledge_test

import (
	"go/types"
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// TestMetricsRows looks every metrics row up in the real packages: the
// default registrations are functions taking collectors or options, the
// default registry's variables are a Registerer and a Gatherer, the
// handlers return an http.Handler (HandlerFor's first parameter a
// gatherer), and controller-runtime's Registry is a variable of both
// kinds. MetricsRoleOf answers each and nothing for a method of the same
// name.
func TestMetricsRows(t *testing.T) {
	byPath := loadTypes(t, pkgsOf(knowledge.MetricsRows(), func(r knowledge.MetricsRow) string { return r.Pkg })...)
	for _, r := range knowledge.MetricsRows() {
		obj := byPath[r.Pkg].Scope().Lookup(r.Name)
		if obj == nil {
			t.Errorf("row %+v: not found", r)
			continue
		}
		if got := knowledge.MetricsRoleOf(obj); got != r.Role {
			t.Errorf("MetricsRoleOf(%v) = %v, want %v", obj, got, r.Role)
		}
		switch r.Role {
		case knowledge.RegistersDefault:
			fn, ok := obj.(*types.Func)
			if !ok || fn.Signature().Params().Len() == 0 {
				t.Errorf("row %+v: no function with parameters", r)
			}
		case knowledge.DefaultRegistry:
			v, ok := obj.(*types.Var)
			if !ok {
				t.Errorf("row %+v: no variable", r)
			} else if n := named(v.Type()); n != "Registerer" && n != "Gatherer" {
				t.Errorf("row %+v: of type %v", r, v.Type())
			}
		case knowledge.ServesDefault, knowledge.ServesGatherer:
			fn, ok := obj.(*types.Func)
			if !ok || fn.Signature().Results().Len() != 1 || named(fn.Signature().Results().At(0).Type()) != "Handler" {
				t.Errorf("row %+v: no function returning an http.Handler", r)
				continue
			}
			if p := fn.Signature().Params(); r.Role == knowledge.ServesDefault && p.Len() != 0 {
				t.Errorf("row %+v: takes parameters", r)
			} else if r.Role == knowledge.ServesGatherer && (p.Len() == 0 || !gatherer(p.At(0).Type())) {
				t.Errorf("row %+v: first parameter is no gatherer", r)
			}
		case knowledge.ManagerRegistry:
			v, ok := obj.(*types.Var)
			if !ok || !gatherer(v.Type()) {
				t.Errorf("row %+v: no gatherer variable", r)
			}
		}
	}
	// A Registry's own MustRegister is no registration on the default one.
	reg := byPath["github.com/prometheus/client_golang/prometheus"].Scope().Lookup("Registry")
	m, _, _ := types.LookupFieldOrMethod(types.NewPointer(reg.Type()), false, reg.Pkg(), "MustRegister")
	if knowledge.MetricsRoleOf(m) != 0 {
		t.Error("(*Registry).MustRegister has a role")
	}
	// DefaultRegisterer is of the Registerer type; a *Registry is not it.
	prom := byPath["github.com/prometheus/client_golang/prometheus"].Scope()
	if !knowledge.IsRegisterer(prom.Lookup("DefaultRegisterer").Type()) {
		t.Error("DefaultRegisterer's type is not a Registerer")
	}
	if knowledge.IsRegisterer(types.NewPointer(reg.Type())) {
		t.Error("*Registry is a Registerer")
	}
}

func named(t types.Type) string {
	if n, ok := t.(*types.Named); ok {
		return n.Obj().Name()
	}
	return ""
}

func gatherer(t types.Type) bool {
	return types.NewMethodSet(t).Lookup(nil, "Gather") != nil
}

// TestFlagRows looks every string flag row up: a function or FlagSet
// method whose Ptr argument is a *string (or whose result is one) and
// whose name and default arguments are strings.
func TestFlagRows(t *testing.T) {
	byPath := loadTypes(t, pkgsOf(knowledge.FlagRows(), func(r knowledge.FlagRow) string { return r.Pkg })...)
	for _, r := range knowledge.FlagRows() {
		pkg := byPath[r.Pkg]
		var obj types.Object
		if r.Recv == "" {
			obj = pkg.Scope().Lookup(r.Name)
		} else {
			obj, _, _ = types.LookupFieldOrMethod(types.NewPointer(pkg.Scope().Lookup(r.Recv).Type()), false, pkg, r.Name)
		}
		fn, ok := obj.(*types.Func)
		if !ok {
			t.Errorf("row %+v: no such function", r)
			continue
		}
		if got, ok := knowledge.StringFlag(fn); !ok || got != r {
			t.Errorf("StringFlag(%v) = %+v, %v", fn, got, ok)
		}
		sig := fn.Signature()
		str := types.Typ[types.String]
		if r.Ptr >= 0 {
			if p, ok := sig.Params().At(r.Ptr).Type().(*types.Pointer); !ok || !types.Identical(p.Elem(), str) {
				t.Errorf("row %+v: argument %d is no *string", r, r.Ptr)
			}
		} else if p, ok := sig.Results().At(0).Type().(*types.Pointer); !ok || !types.Identical(p.Elem(), str) {
			t.Errorf("row %+v: result is no *string", r)
		}
		if !types.Identical(sig.Params().At(r.NameArg).Type(), str) || !types.Identical(sig.Params().At(r.Default).Type(), str) {
			t.Errorf("row %+v: name or default is no string", r)
		}
		if sig.Params().At(r.NameArg).Name() != "name" || sig.Params().At(r.Default).Name() != "value" {
			t.Errorf("row %+v: parameters %s, %s", r, sig.Params().At(r.NameArg).Name(), sig.Params().At(r.Default).Name())
		}
	}
}
