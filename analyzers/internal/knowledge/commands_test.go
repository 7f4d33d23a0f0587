package knowledge_test

import (
	"go/token"
	"go/types"
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// TestIsCommand on a stand-in of cobra (not a dependency of this module):
// *Command is one, Command and another package's *Command are not.
func TestIsCommand(t *testing.T) {
	cobra := types.NewPackage("github.com/spf13/cobra", "cobra")
	cmd := types.NewNamed(types.NewTypeName(token.NoPos, cobra, "Command", nil), types.NewStruct(nil, nil), nil)
	other := types.NewPackage("example.com/cli", "cli")
	otherCmd := types.NewNamed(types.NewTypeName(token.NoPos, other, "Command", nil), types.NewStruct(nil, nil), nil)
	for typ, want := range map[types.Type]bool{types.NewPointer(cmd): true, cmd: false, types.NewPointer(otherCmd): false} {
		if got := knowledge.IsCommand(typ); got != want {
			t.Errorf("IsCommand(%v) = %v, want %v", typ, got, want)
		}
	}
}
