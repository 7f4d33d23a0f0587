package knowledge_test

import (
	"go/types"
	"testing"

	"k8s.io/apimachinery/pkg/fields"
	"k8s.io/apimachinery/pkg/labels"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// TestListOptions checks the table of list options against
// controller-runtime's client package: every type with an ApplyToList or
// ApplyToDeleteAllOf method is in the table and nothing else, and what
// the exported ones do to the namespace and the label selector, by
// applying them.
func TestListOptions(t *testing.T) {
	table := knowledge.ListOptionTypes()
	pkg := loadTypes(t, "sigs.k8s.io/controller-runtime/pkg/client")["sigs.k8s.io/controller-runtime/pkg/client"]
	seen := map[string]bool{}
	for _, name := range pkg.Scope().Names() {
		tn, ok := pkg.Scope().Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() || types.IsInterface(tn.Type()) {
			continue
		}
		mset := types.NewMethodSet(types.NewPointer(tn.Type()))
		if mset.Lookup(pkg, "ApplyToList") == nil && mset.Lookup(pkg, "ApplyToDeleteAllOf") == nil {
			continue
		}
		seen[name] = true
		want, ok := table[name]
		if !ok {
			t.Errorf("client.%s applies to lists and is not in the table", name)
			continue
		}
		if got := knowledge.ListOptionScope(tn.Type()); got != want {
			t.Errorf("ListOptionScope(client.%s) = %v, want %v", name, got, want)
		}
		if got := knowledge.ListOptionScope(types.NewPointer(tn.Type())); got != want {
			t.Errorf("ListOptionScope(*client.%s) = %v, want %v", name, got, want)
		}
	}
	for name := range table {
		if !seen[name] {
			t.Errorf("client.%s is in the table but applies to no list", name)
		}
	}
	if got := knowledge.ListOptionScope(types.Typ[types.String]); got != knowledge.ListScopeUnknown {
		t.Errorf("ListOptionScope(string) = %v, want unknown", got)
	}

	// What the options do, run: each row's effect and no other.
	for name, opt := range map[string]any{
		"InNamespace":                 client.InNamespace("ns"),
		"MatchingLabels":              client.MatchingLabels{"a": "b"},
		"HasLabels":                   client.HasLabels{"a"},
		"MatchingLabelsSelector":      client.MatchingLabelsSelector{Selector: labels.Everything()},
		"MatchingFields":              client.MatchingFields{"a": "b"},
		"MatchingFieldsSelector":      client.MatchingFieldsSelector{Selector: fields.Everything()},
		"Limit":                       client.Limit(3),
		"Continue":                    client.Continue("x"),
		"UnsafeDisableDeepCopyOption": client.UnsafeDisableDeepCopy,
		"PropagationPolicy":           client.PropagationPolicy("Background"),
		"GracePeriodSeconds":          client.GracePeriodSeconds(1),
		"Preconditions":               client.Preconditions{},
		"dryRunAll":                   client.DryRunAll,
	} {
		var lo client.ListOptions
		var dao client.DeleteAllOfOptions
		if o, ok := opt.(client.ListOption); ok {
			o.ApplyToList(&lo)
		}
		if o, ok := opt.(client.DeleteAllOfOption); ok {
			o.ApplyToDeleteAllOf(&dao)
		}
		ns := lo.Namespace != "" || dao.Namespace != ""
		sel := lo.LabelSelector != nil || dao.LabelSelector != nil
		if want := table[name] == knowledge.ListScopeNamespace; ns != want {
			t.Errorf("client.%s sets the namespace: %v, the table says %v", name, ns, want)
		}
		if want := table[name] == knowledge.ListScopeLabels; sel != want {
			t.Errorf("client.%s sets the label selector: %v, the table says %v", name, sel, want)
		}
	}
}
