package updatepatch

import (
	"go/constant"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestOtherOperator: an object of another module's API, with a status, is
// written by that operator, named by its API group (the GroupName of its
// package or of its group's parent package) or else by its package. No
// module of the fixtures' declares such a type, hence a unit test on
// synthetic packages.
func TestOtherOperator(t *testing.T) {
	object := func(pkg *types.Package, status bool) types.Type {
		var fields []*types.Var
		fields = append(fields, types.NewField(token.NoPos, pkg, "Spec", types.Typ[types.Int], false))
		if status {
			fields = append(fields, types.NewField(token.NoPos, pkg, "Status", types.Typ[types.Int], false))
		}
		n := types.NewNamed(types.NewTypeName(token.NoPos, pkg, "Certificate", nil), types.NewStruct(fields, nil), nil)
		return types.NewPointer(n)
	}
	group := types.NewPackage("github.com/cert-manager/cert-manager/pkg/apis/certmanager", "certmanager")
	group.Scope().Insert(types.NewConst(token.NoPos, group, "GroupName", types.Typ[types.UntypedString], constant.MakeString("cert-manager.io")))
	v1 := types.NewPackage("github.com/cert-manager/cert-manager/pkg/apis/certmanager/v1", "v1")
	v1.SetImports([]*types.Package{group})
	bare := types.NewPackage("example.org/other/api/v1", "v1")
	own := types.NewPackage("example.com/op/api/v1", "v1")

	c := &checker{pass: &analysis.Pass{Module: &analysis.Module{Path: "example.com/op"}}}
	for _, tc := range []struct {
		t    types.Type
		want string
		ok   bool
	}{
		{object(v1, true), "which the operator of API group cert-manager.io also writes", true},
		{object(bare, true), "which the operator of its API (example.org/other/api/v1) also writes", true},
		{object(bare, false), "", false},
		{object(own, true), "whose status its controller also writes", true},
		{object(own, false), "", false},
	} {
		got, ok := c.namedWriter(tc.t, nil, nil)
		if got != tc.want || ok != tc.ok {
			t.Errorf("namedWriter(%v) = %q, %v; want %q, %v", tc.t, got, ok, tc.want, tc.ok)
		}
	}
	// Without a module path every package may be the module's.
	c = &checker{pass: &analysis.Pass{}}
	if got, _ := c.namedWriter(object(v1, true), nil, nil); got != "whose status its controller also writes" {
		t.Errorf("without a module: %q", got)
	}
}
