package knowledge_test

import (
	"go/types"
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// TestNoGeneration looks every kind of the table up in the real API
// packages (the group's v1): it is an object, and NoGeneration answers for
// it; kinds with a generation do not.
func TestNoGeneration(t *testing.T) {
	var paths []string
	for _, r := range knowledge.NoGenerationRows() {
		paths = append(paths, r.Group+"/v1")
	}
	paths = append(paths, "k8s.io/api/apps/v1")
	byPath := loadTypes(t, paths...)
	for _, r := range knowledge.NoGenerationRows() {
		for _, k := range r.Kinds {
			obj, ok := byPath[r.Group+"/v1"].Scope().Lookup(k).(*types.TypeName)
			if !ok {
				t.Errorf("%s/v1.%s: no such type", r.Group, k)
				continue
			}
			named, _ := obj.Type().(*types.Named)
			if !hasField(named, "ObjectMeta", true) {
				t.Errorf("%s/v1.%s: not an object", r.Group, k)
			}
			if !knowledge.NoGeneration(types.NewPointer(obj.Type())) {
				t.Errorf("NoGeneration(*%s) = false", k)
			}
		}
	}
	for _, k := range []string{"Deployment", "StatefulSet"} {
		if knowledge.NoGeneration(byPath["k8s.io/api/apps/v1"].Scope().Lookup(k).Type()) {
			t.Errorf("NoGeneration(%s) = true", k)
		}
	}
}
