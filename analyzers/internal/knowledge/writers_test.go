package knowledge_test

import (
	"go/constant"
	"go/types"
	"slices"
	"strings"
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// TestWriters looks every row of the table of other writers up in the
// real API packages: the type is an object (it has ObjectMeta), a row
// that names a status writer is of a type with a Status field, and a
// condition leads to a field of the object for which the package declares
// a constant of the condition's value (corev1.ServiceTypeLoadBalancer).
func TestWriters(t *testing.T) {
	rows := knowledge.WriterRows()
	var paths []string
	seen := map[string]bool{}
	for _, r := range rows {
		if !seen[r.Pkg] {
			seen[r.Pkg] = true
			paths = append(paths, r.Pkg)
		}
	}
	byPath := loadTypes(t, paths...)
	for _, r := range rows {
		pkg := byPath[r.Pkg]
		if pkg == nil {
			t.Errorf("%s: package not loaded", r.Pkg)
			continue
		}
		obj, ok := pkg.Scope().Lookup(r.Type).(*types.TypeName)
		if !ok {
			t.Errorf("%s.%s: no such type", r.Pkg, r.Type)
			continue
		}
		named, _ := obj.Type().(*types.Named)
		if !hasField(named, "ObjectMeta", true) {
			t.Errorf("%s.%s: not an object", r.Pkg, r.Type)
		}
		if strings.Contains(r.Part, "status") && !hasField(named, "Status", false) {
			t.Errorf("%s.%s: its writer writes a status it does not have", r.Pkg, r.Type)
		}
		if !knowledge.BuiltinAPI(r.Pkg) {
			t.Errorf("%s: BuiltinAPI is false", r.Pkg)
		}
		rs, known := knowledge.Writers(named)
		if !known || (r.Writer != "") != slices.ContainsFunc(rs, func(w knowledge.Writer) bool { return w.Writer == r.Writer && w.Part == r.Part }) {
			t.Errorf("Writers(%s.%s) = %v, %v", r.Pkg, r.Type, rs, known)
		}
		if r.When == nil {
			continue
		}
		f := r.When.Resolve(named)
		if f == nil {
			t.Errorf("%s.%s: no field %v", r.Pkg, r.Type, r.When.Field)
			continue
		}
		if f.Pkg() == nil || f.Pkg().Path() != r.Pkg {
			// updatepatch resolves the field in the package that
			// declares it.
			t.Errorf("%s.%s: %s is not declared in the type's package", r.Pkg, r.Type, r.When.Name)
		}
		found := false
		for _, name := range pkg.Scope().Names() {
			c, ok := pkg.Scope().Lookup(name).(*types.Const)
			if ok && types.Identical(c.Type(), f.Type()) && r.When.Holds(c.Val()) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s.%s: no constant of %s's type with value %q", r.Pkg, r.Type, r.When.Name, r.When.Value)
		}
		if r.When.Holds(constant.MakeString(r.When.Value+"x")) || r.When.Holds(nil) {
			t.Errorf("%s.%s: Holds accepts another value", r.Pkg, r.Type)
		}
	}
	for path, want := range map[string]string{
		"k8s.io/api/apps/v1": "apps",
		"k8s.io/api/core/v1": "",
		"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1": "apiextensions.k8s.io",
	} {
		if got := knowledge.APIGroup(byPath[path]); got != want {
			t.Errorf("APIGroup(%s) = %q, want %q", path, got, want)
		}
	}
	if f := (&knowledge.Condition{Field: []string{"Spec"}}).Resolve(nil); f != nil {
		t.Errorf("Resolve(nil) = %v", f)
	}
	if rs, known := knowledge.Writers(nil); known || rs != nil {
		t.Errorf("Writers(nil) = %v, %v", rs, known)
	}
}

func hasField(n *types.Named, name string, embedded bool) bool {
	if n == nil {
		return false
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for f := range st.Fields() {
		if f.Name() == name && f.Embedded() == embedded {
			return true
		}
	}
	return false
}
