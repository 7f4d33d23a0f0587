package knowledge_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// TestMetaRows: each row is a function or method of the real package,
// found by MetaOf, whose object and key operands exist; MetaField knows
// ObjectMeta's two maps and nothing else.
func TestMetaRows(t *testing.T) {
	const metav1 = "k8s.io/apimachinery/pkg/apis/meta/v1"
	byPath := loadTypes(t, metav1)
	for _, r := range knowledge.MetaRows() {
		fn := rowFunc(t, byPath, r.Pkg, r.Recv, r.Name)
		got, ok := knowledge.MetaOf(fn)
		if !ok || got != r {
			t.Errorf("MetaOf(%v) = %v, %v; want %v", fn, got, ok, r)
		}
		params := fn.Signature().Params().Len()
		if r.Obj >= params || r.Key >= params || (r.Obj < 0) != (r.Recv != "") {
			t.Errorf("%v: operands %d, %d out of its %d parameters", fn, r.Obj, r.Key, params)
		}
	}
	om := byPath[metav1].Scope().Lookup("ObjectMeta").Type()
	st := om.Underlying().(interface{ NumFields() int })
	found := map[knowledge.MetaMap]bool{}
	for i := 0; i < st.NumFields(); i++ {
		if m := knowledge.MetaField(om, i); m != 0 {
			found[m] = true
		}
	}
	if len(found) != 2 || !found[knowledge.Labels] || !found[knowledge.Annotations] {
		t.Errorf("MetaField found %v in ObjectMeta, want labels and annotations", found)
	}
	if knowledge.MetaField(byPath[metav1].Scope().Lookup("ListMeta").Type(), 0) != 0 {
		t.Error("MetaField: ListMeta has no labels")
	}
}
