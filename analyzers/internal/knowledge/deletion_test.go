package knowledge_test

import (
	"go/types"
	"testing"

	"k8s.io/apimachinery/pkg/fields"
	"k8s.io/apimachinery/pkg/labels"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// TestOrphaning looks every row up in the real API packages: an object
// type, found by OrphanedBy; a kind of apps/v1 (deleted in the background
// by default) is not in the table.
func TestOrphaning(t *testing.T) {
	rows := knowledge.OrphaningRows()
	byPath := loadTypes(t, append(pkgsOf(rows, func(r knowledge.Orphaning) string { return r.Pkg }), "k8s.io/api/apps/v1")...)
	for _, r := range rows {
		obj, ok := byPath[r.Pkg].Scope().Lookup(r.Type).(*types.TypeName)
		if !ok {
			t.Errorf("%s.%s: no such type", r.Pkg, r.Type)
			continue
		}
		named, _ := obj.Type().(*types.Named)
		if !hasField(named, "ObjectMeta", true) {
			t.Errorf("%s.%s: not an object", r.Pkg, r.Type)
		}
		if got, ok := knowledge.OrphanedBy(named); !ok || got != r {
			t.Errorf("OrphanedBy(%s.%s) = %v, %v", r.Pkg, r.Type, got, ok)
		}
	}
	dep := byPath["k8s.io/api/apps/v1"].Scope().Lookup("Deployment").Type().(*types.Named)
	if _, ok := knowledge.OrphanedBy(dep); ok {
		t.Error("OrphanedBy(appsv1.Deployment) is true")
	}
}

// TestDeleteOptions checks the table of delete options against
// controller-runtime's client package: every type with an ApplyToDelete
// or ApplyToDeleteAllOf method is in the table and nothing else, and what
// the exported ones do to the propagation policy, by applying them.
func TestDeleteOptions(t *testing.T) {
	table := knowledge.DeleteOptionTypes()
	pkg := loadTypes(t, "sigs.k8s.io/controller-runtime/pkg/client")["sigs.k8s.io/controller-runtime/pkg/client"]
	seen := map[string]bool{}
	for _, name := range pkg.Scope().Names() {
		tn, ok := pkg.Scope().Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		mset := types.NewMethodSet(types.NewPointer(tn.Type()))
		if mset.Lookup(pkg, "ApplyToDelete") == nil && mset.Lookup(pkg, "ApplyToDeleteAllOf") == nil {
			continue
		}
		if types.IsInterface(tn.Type()) {
			continue
		}
		seen[name] = true
		want, ok := table[name]
		if !ok {
			t.Errorf("client.%s applies to deletes and is not in the table", name)
			continue
		}
		if got := knowledge.DeleteOptionPropagation(tn.Type()); got != want {
			t.Errorf("DeleteOptionPropagation(client.%s) = %v, want %v", name, got, want)
		}
		if got := knowledge.DeleteOptionPropagation(types.NewPointer(tn.Type())); got != want {
			t.Errorf("DeleteOptionPropagation(*client.%s) = %v, want %v", name, got, want)
		}
	}
	for name := range table {
		if !seen[name] {
			t.Errorf("client.%s is in the table but applies to no delete", name)
		}
	}
	if got := knowledge.DeleteOptionPropagation(types.Typ[types.String]); got != knowledge.PropagationUnknown {
		t.Errorf("DeleteOptionPropagation(string) = %v, want unknown", got)
	}

	// What the options do, run: a row that says None must leave the
	// policy unset, Set must set it.
	bg := client.PropagationPolicy("Background")
	for name, opt := range map[string]any{
		"PropagationPolicy":      bg,
		"GracePeriodSeconds":     client.GracePeriodSeconds(1),
		"Preconditions":          client.Preconditions{},
		"dryRunAll":              client.DryRunAll,
		"MatchingLabels":         client.MatchingLabels{"a": "b"},
		"HasLabels":              client.HasLabels{"a"},
		"MatchingLabelsSelector": client.MatchingLabelsSelector{Selector: labels.Everything()},
		"MatchingFields":         client.MatchingFields{"a": "b"},
		"MatchingFieldsSelector": client.MatchingFieldsSelector{Selector: fields.Everything()},
		"InNamespace":            client.InNamespace("ns"),
	} {
		var do client.DeleteOptions
		var dao client.DeleteAllOfOptions
		if o, ok := opt.(client.DeleteOption); ok {
			o.ApplyToDelete(&do)
		}
		if o, ok := opt.(client.DeleteAllOfOption); ok {
			o.ApplyToDeleteAllOf(&dao)
		}
		set := do.PropagationPolicy != nil || dao.PropagationPolicy != nil
		if want := table[name] == knowledge.PropagationSet; set != want {
			t.Errorf("client.%s sets the propagation policy: %v, the table says %v", name, set, want)
		}
	}
}
