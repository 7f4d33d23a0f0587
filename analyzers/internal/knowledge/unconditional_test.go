package knowledge_test

import (
	"go/types"
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// TestUnconditionalUpdates looks each row of the table up in the real API
// packages (version v1 of its group): the kind must be an object type
// there, and UpdateNeedsResourceVersion must give the row's answer. Kinds
// of built-in groups the table does not list, and the API machinery's own
// types, are not known; a type of any other package is a custom resource.
func TestUnconditionalUpdates(t *testing.T) {
	var paths []string
	seen := map[string]bool{}
	for _, r := range knowledge.UnconditionalRows() {
		if r.Source == "" {
			t.Errorf("%s.%s: no source", r.Group, r.Type)
		}
		if p := r.Group + "/v1"; !seen[p] {
			seen[p] = true
			paths = append(paths, p)
		}
	}
	paths = append(paths, "k8s.io/apimachinery/pkg/apis/meta/v1")
	byPath := loadTypes(t, paths...)
	for _, r := range knowledge.UnconditionalRows() {
		pkg := byPath[r.Group+"/v1"]
		tn, ok := pkg.Scope().Lookup(r.Type).(*types.TypeName)
		if !ok {
			t.Errorf("%s/v1.%s: no such type", r.Group, r.Type)
			continue
		}
		if named, _ := tn.Type().(*types.Named); !hasField(named, "ObjectMeta", true) {
			t.Errorf("%s/v1.%s: not an object type", r.Group, r.Type)
		}
		if needs, known := knowledge.UpdateNeedsResourceVersion(tn); needs == r.Allowed || !known {
			t.Errorf("UpdateNeedsResourceVersion(%s.%s) = %v, %v; want %v, true", r.Group, r.Type, needs, known, !r.Allowed)
		}
	}
	unknown := []struct{ path, name string }{
		{"k8s.io/api/apps/v1", "StatefulSet"},                             // a built-in kind not read
		{"k8s.io/apimachinery/pkg/apis/meta/v1", "PartialObjectMetadata"}, // not a kind of its own
	}
	for _, u := range unknown {
		tn, ok := byPath[u.path].Scope().Lookup(u.name).(*types.TypeName)
		if !ok {
			t.Fatalf("%s.%s: no such type", u.path, u.name)
		}
		if _, known := knowledge.UpdateNeedsResourceVersion(tn); known {
			t.Errorf("UpdateNeedsResourceVersion(%s.%s): known, want unknown", u.path, u.name)
		}
	}
	cr := types.NewTypeName(0, types.NewPackage("example.com/operator/api/v1", "v1"), "Widget", nil)
	if needs, known := knowledge.UpdateNeedsResourceVersion(cr); !needs || !known {
		t.Errorf("UpdateNeedsResourceVersion(a custom resource) = %v, %v; want true, true", needs, known)
	}
}
