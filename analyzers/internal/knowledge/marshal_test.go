package knowledge_test

import (
	"go/constant"
	"go/types"
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// Each JSON marshaler exists with one argument and returns ([]byte, error),
// and apimachinery's merge patch type constant has the value the table
// says.
func TestJSONMarshalers(t *testing.T) {
	paths := []string{knowledge.MergePatchTypePkg}
	for _, m := range knowledge.JSONMarshalers() {
		paths = append(paths, m.Pkg)
	}
	byPath := loadTypes(t, paths...)
	_, fun := lookups(t, byPath)
	for _, m := range knowledge.JSONMarshalers() {
		fn := fun(m.Pkg, m.Name)
		sig := fn.Signature()
		if sig.Params().Len() != 1 || sig.Results().Len() != 2 || types.TypeString(sig.Results().At(0).Type(), nil) != "[]byte" {
			t.Errorf("%s.%s: signature %v", m.Pkg, m.Name, sig)
		}
		if !knowledge.IsJSONMarshal(fn) {
			t.Errorf("IsJSONMarshal(%v) = false", fn)
		}
	}
	c, ok := byPath[knowledge.MergePatchTypePkg].Scope().Lookup(knowledge.MergePatchTypeName).(*types.Const)
	if !ok || c.Val().Kind() != constant.String || constant.StringVal(c.Val()) != knowledge.MergePatchType {
		t.Errorf("%s.%s is %v, want %q", knowledge.MergePatchTypePkg, knowledge.MergePatchTypeName, c, knowledge.MergePatchType)
	}
}
