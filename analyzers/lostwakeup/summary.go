package lostwakeup

import (
	"fmt"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ctrlmodel"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/wiring"
)

// maxCallDepth bounds how deep helper contexts follow the package's own
// calls.
const maxCallDepth = 4

// phrase describes the write for a message: "creating a v1.Job",
// "updating the status of a v1.StatefulSet".
func phrase(w wiring.Write) string {
	t := crapi.ObjectTypeString(w.Type)
	switch {
	case w.Method == "CreateOrUpdate" || w.Method == "CreateOrPatch":
		return fmt.Sprintf("%s of a %s", w.Method, t)
	case w.Sub:
		return fmt.Sprintf("%s the status of a %s", verb(w.Method), t)
	}
	return fmt.Sprintf("%s a %s", verb(w.Method), t)
}

func verb(m string) string {
	switch crapi.ClientMethod(m) {
	case crapi.Create:
		return "creating"
	case crapi.Update:
		return "updating"
	case crapi.Patch:
		return "patching"
	case crapi.Delete:
		return "deleting"
	case crapi.DeleteAllOf:
		return "deleting all of"
	case crapi.Apply:
		return "applying"
	}
	return "writing"
}

// local returns the function of the analysed package that cc calls
// statically (a closure included), nil otherwise.
func (a *analyzer) local(cc *ssa.CallCommon) *ssa.Function {
	return ssaflow.LocalCallee(cc, a.pass.Pkg)
}

// clientish reports whether the call may call the API server: a client
// method, a function of the package that does, or a call of unseen code
// handed a client.
func (a *analyzer) clientish(cc *ssa.CallCommon) bool {
	return a.uses.CallClientUse(cc).ClientCalls
}

// sameKind reports whether object types a and b (pointers or not) are the
// same kind.
func sameKind(a, b types.Type) bool {
	if a == nil || b == nil {
		return false
	}
	return ctrlmodel.SameKind(ssaflow.Deref(a), ssaflow.Deref(b))
}
