package knowledge_test

import (
	"go/types"
	"strings"
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// TestReadsOnly looks the table's answers up on the real packages, so that
// a package path that moves (client-go's events.EventRecorder became an
// alias of an internal interface) shows here.
func TestReadsOnly(t *testing.T) {
	byPath := loadTypes(t, "k8s.io/client-go/tools/events", "k8s.io/client-go/tools/record", "github.com/go-logr/logr", "reflect",
		"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil")
	method, fun := lookups(t, byPath)
	for _, c := range []struct {
		fn   *types.Func
		want bool
	}{
		{method("k8s.io/client-go/tools/events", "EventRecorder", "Eventf"), true},
		{method("k8s.io/client-go/tools/record", "EventRecorder", "Event"), true},
		{method("k8s.io/client-go/tools/record", "EventRecorder", "Eventf"), true},
		{method("github.com/go-logr/logr", "Logger", "Info"), true},
		{fun("reflect", "DeepEqual"), true},
		{fun("reflect", "ValueOf"), false}, // a Value can set what it points to
		{fun("sigs.k8s.io/controller-runtime/pkg/controller/controllerutil", "ContainsFinalizer"), true},
		{fun("sigs.k8s.io/controller-runtime/pkg/controller/controllerutil", "AddFinalizer"), false},
		{nil, false},
	} {
		if got := knowledge.ReadsOnly(c.fn); got != c.want {
			t.Errorf("ReadsOnly(%v) = %v, want %v", c.fn, got, c.want)
		}
	}
}

// TestLookup checks rows that decide what a call changes, on the real
// packages.
func TestLookup(t *testing.T) {
	byPath := loadTypes(t, "sigs.k8s.io/controller-runtime/pkg/controller/controllerutil", "k8s.io/apimachinery/pkg/apis/meta/v1",
		"k8s.io/client-go/tools/record", "k8s.io/api/apps/v1")
	cu := byPath["sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"]
	fun := func(name string) *types.Func { return cu.Scope().Lookup(name).(*types.Func) }
	method := func(pkg, typ, name string) *types.Func {
		obj := byPath[pkg].Scope().Lookup(typ)
		m, _, _ := types.LookupFieldOrMethod(obj.Type(), true, byPath[pkg], name)
		return m.(*types.Func)
	}
	for _, c := range []struct {
		fn      *types.Func
		operand int
		effect  knowledge.Effect
		field   string
	}{
		{fun("AddFinalizer"), 0, knowledge.Changes, "Finalizers"},
		{fun("SetControllerReference"), 1, knowledge.Changes, "OwnerReferences"},
		{fun("SetControllerReference"), 0, knowledge.Reads, ""},
		{fun("CreateOrUpdate"), 2, knowledge.Refetches, ""},
		{method("k8s.io/apimachinery/pkg/apis/meta/v1", "ObjectMeta", "SetLabels"), knowledge.Receiver, knowledge.Changes, "Labels"},
		{method("k8s.io/apimachinery/pkg/apis/meta/v1", "ObjectMeta", "GetLabels"), knowledge.Receiver, knowledge.Reads, ""},
		{method("k8s.io/api/apps/v1", "Deployment", "SetFinalizers"), knowledge.Receiver, knowledge.Changes, "Finalizers"}, // promoted
		{method("k8s.io/api/apps/v1", "Deployment", "DeepCopyInto"), 0, knowledge.Overwrites, ""},
		{method("k8s.io/api/apps/v1", "Deployment", "DeepCopyInto"), knowledge.Receiver, knowledge.Reads, ""},
		{method("k8s.io/client-go/tools/record", "EventRecorder", "Event"), 0, knowledge.Reads, ""},
	} {
		r, ok := knowledge.Lookup(c.fn, c.operand)
		if !ok || r.Effect != c.effect || r.Field != c.field {
			t.Errorf("Lookup(%v, %d) = %+v, %v; want effect %d field %q", c.fn, c.operand, r, ok, c.effect, c.field)
		}
	}
	if !knowledge.ReportsChange(fun("AddFinalizer")) || knowledge.ReportsChange(fun("ContainsFinalizer")) {
		t.Error("ReportsChange: AddFinalizer's result tells whether it changed the object, ContainsFinalizer is no mutator")
	}
	if r, ok := knowledge.Lookup(fun("AddFinalizer"), 1); ok {
		t.Errorf("Lookup(AddFinalizer, 1) = %+v: the finalizer string is no object", r)
	}
}

// TestRowsExist keeps the table honest: every row that names one function
// of a package this module can load names a function or method that
// exists there.
func TestRowsExist(t *testing.T) {
	paths := map[string]bool{}
	for _, r := range knowledge.Rows() {
		if r.Pkg != "" && !strings.HasSuffix(r.Pkg, "/...") {
			paths[r.Pkg] = true
		}
	}
	// Only packages of modules this module's go.mod requires: the others
	// (zap, klog v1) cannot be loaded here.
	var list []string
	for p := range paths {
		if loadable(p) {
			list = append(list, p)
		}
	}
	byPath := loadTypes(t, list...)
	checked := 0
	for _, r := range knowledge.Rows() {
		pkg := byPath[r.Pkg]
		if pkg == nil || strings.ContainsAny(r.Name, "*") {
			continue
		}
		checked++
		if !hasFunc(pkg, r.Name, r.Kind) {
			t.Errorf("row %+v: %s has no such function", r, r.Pkg)
		}
	}
	if checked < 20 {
		t.Errorf("only %d rows checked", checked)
	}
}

func hasFunc(pkg *types.Package, name string, kind knowledge.Kind) bool {
	if kind != knowledge.Method {
		if _, ok := pkg.Scope().Lookup(name).(*types.Func); ok {
			return true
		}
	}
	if kind == knowledge.Func {
		return false
	}
	for _, n := range pkg.Scope().Names() {
		tn, ok := pkg.Scope().Lookup(n).(*types.TypeName)
		if !ok {
			continue
		}
		if m, _, _ := types.LookupFieldOrMethod(tn.Type(), true, pkg, name); m != nil {
			if _, ok := m.(*types.Func); ok {
				return true
			}
		}
	}
	return false
}

func TestKnownLibrary(t *testing.T) {
	for path, want := range map[string]bool{
		"fmt":                true,
		"encoding/json":      true,
		"k8s.io/api/core/v1": true,
		"sigs.k8s.io/controller-runtime/pkg/client": true,
		"github.com/go-logr/logr":                   true,
		"github.com/onsi/gomega":                    true,
		"sigs.k8s.io/cluster-api/util/patch":        false,
		"github.com/go-logrx/logr":                  false, // a prefix, not a path element
		"example.com/operator/internal/util":        false,
	} {
		if got := knowledge.KnownLibrary(path); got != want {
			t.Errorf("KnownLibrary(%q) = %v, want %v", path, got, want)
		}
	}
	if knowledge.StandardLibrary("example.com/x") || !knowledge.StandardLibrary("net/http") {
		t.Error("StandardLibrary: a path with a dot in its first element is not the standard library")
	}
}
