package knowledge

import "go/types"

// cobraPkg holds cobra.Command, the command-line commands of most Go
// tools (a dependency of many operators, not of this module).
const cobraPkg = "github.com/spf13/cobra"

// IsCommand reports whether t is *cobra.Command: a function taking one is
// a command's Run (or a step of it), code a person runs from a shell, not
// a controller: no reconcile follows it.
func IsCommand(t types.Type) bool {
	_, isPtr := types.Unalias(t).(*types.Pointer)
	n := namedOf(t)
	return isPtr && n != nil && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == cobraPkg && n.Obj().Name() == "Command"
}
