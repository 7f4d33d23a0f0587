package knowledge_test

import (
	"go/token"
	"go/types"
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// TestReaders: cluster-api is not a dependency of this module, so the
// rows are built as cluster-api declares them (func(ctx, c, ...) (*T,
// error)) and matched by path; a method of the same name, or a function
// of another package, is no reader.
func TestReaders(t *testing.T) {
	util := types.NewPackage("sigs.k8s.io/cluster-api/util", "util")
	ptr := types.NewPointer(types.NewStruct(nil, nil))
	errT := types.Universe.Lookup("error").Type()
	results := types.NewTuple(types.NewVar(token.NoPos, util, "", ptr), types.NewVar(token.NoPos, util, "", errT))
	sig := types.NewSignatureType(nil, nil, nil, types.NewTuple(), results, false)
	for _, r := range knowledge.Readers() {
		if r.Pkg != util.Path() {
			t.Errorf("row %+v: a package the test does not build", r)
			continue
		}
		if k, ok := knowledge.ReadResult(types.NewFunc(token.NoPos, util, r.Name, sig)); !ok || k != r.Result {
			t.Errorf("ReadResult(util.%s) = %d, %v; want %d", r.Name, k, ok, r.Result)
		}
	}
	other := types.NewPackage("example.com/op/util", "util")
	if _, ok := knowledge.ReadResult(types.NewFunc(token.NoPos, other, "GetOwnerMachine", sig)); ok {
		t.Error("a module's own GetOwnerMachine is a reader by name")
	}
	recv := types.NewVar(token.NoPos, util, "h", ptr)
	msig := types.NewSignatureType(recv, nil, nil, types.NewTuple(), results, false)
	if _, ok := knowledge.ReadResult(types.NewFunc(token.NoPos, util, "GetOwnerMachine", msig)); ok {
		t.Error("a method is a reader")
	}
}
