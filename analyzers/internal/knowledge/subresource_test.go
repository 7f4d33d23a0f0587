package knowledge_test

import (
	"go/types"
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// TestBuiltinStatusSubresource looks the status subresource table up in
// the real API packages: each group without one has object types with a
// Status field (so the row matters), and each kind outside k8s.io/api is
// an object type with a Status field in a versioned package under its
// prefix (kube-aggregator's is not in go.mod: only its path is checked).
func TestBuiltinStatusSubresource(t *testing.T) {
	groups := map[string]string{ // a versioned package of each group
		"k8s.io/api/authentication/": "k8s.io/api/authentication/v1",
		"k8s.io/api/authorization/":  "k8s.io/api/authorization/v1",
		"k8s.io/api/imagepolicy/":    "k8s.io/api/imagepolicy/v1alpha1",
	}
	paths := []string{"k8s.io/api/apps/v1", "k8s.io/api/autoscaling/v1"}
	for _, g := range knowledge.NoStatusSubresourceGroups() {
		p, ok := groups[g]
		if !ok {
			t.Fatalf("%s: no versioned package listed in the test", g)
		}
		paths = append(paths, p)
	}
	rows := map[string]string{}
	for _, r := range knowledge.StatusSubresourceRows() {
		p := r.Prefix + "v1"
		if !required(p) {
			t.Logf("%s: not a package of go.mod's modules; not loaded", p)
			continue
		}
		rows[p] = r.Type
		paths = append(paths, p)
	}
	byPath := loadTypes(t, paths...)
	lookup := func(path, name string) *types.TypeName {
		t.Helper()
		tn, ok := byPath[path].Scope().Lookup(name).(*types.TypeName)
		if !ok {
			t.Fatalf("%s.%s: no such type", path, name)
		}
		return tn
	}
	check := func(tn *types.TypeName, want bool) {
		t.Helper()
		named, _ := tn.Type().(*types.Named)
		if !hasField(named, "ObjectMeta", true) || !hasField(named, "Status", false) {
			t.Errorf("%s.%s: not an object with a status", tn.Pkg().Path(), tn.Name())
		}
		if has, known := knowledge.BuiltinStatusSubresource(tn); has != want || !known {
			t.Errorf("BuiltinStatusSubresource(%s.%s) = %v, %v; want %v, true", tn.Pkg().Path(), tn.Name(), has, known, want)
		}
	}
	check(lookup("k8s.io/api/apps/v1", "Deployment"), true)
	check(lookup("k8s.io/api/autoscaling/v1", "Scale"), false)
	for _, g := range knowledge.NoStatusSubresourceGroups() {
		pkg := byPath[groups[g]]
		n := 0
		for _, name := range pkg.Scope().Names() {
			tn, ok := pkg.Scope().Lookup(name).(*types.TypeName)
			if !ok {
				continue
			}
			if named, _ := tn.Type().(*types.Named); hasField(named, "ObjectMeta", true) && hasField(named, "Status", false) {
				n++
				check(tn, false)
			}
		}
		if n == 0 {
			t.Errorf("%s: no object type with a status; the row is not needed", groups[g])
		}
	}
	for p, typ := range rows {
		check(lookup(p, typ), true)
	}
	if !knowledge.KubernetesAPI("k8s.io/api/core/v1") || knowledge.KubernetesAPI("k8s.io/apimachinery/pkg/apis/meta/v1") {
		t.Error("KubernetesAPI: the packages of k8s.io/api, and no other")
	}
}
