package knowledge

import (
	"go/types"
	"slices"
)

// What the API's owner references may lack, for the code that reads them.

// OwnerRefOptional are the fields of metav1.OwnerReference that are
// pointers, nil in a reference written without them (by kubectl, a Helm
// chart, another controller's hand-built reference).
var OwnerRefOptional = []string{"Controller", "BlockOwnerDeletion"}

// ControllerOfRow is a function returning an object's controller
// reference: nil when it has none; when not nil, its Controller is set.
type ControllerOfRow struct {
	Pkg, Name string
}

var controllerOf = []ControllerOfRow{
	{metav1Pkg, "GetControllerOf"},
	{metav1Pkg, "GetControllerOfNoCopy"},
}

// ControllerOfRows returns the table, for tests.
func ControllerOfRows() []ControllerOfRow { return slices.Clone(controllerOf) }

// ControllerOf reports whether fn returns an object's controller
// reference, nil when there is none.
func ControllerOf(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil || fn.Signature().Recv() != nil {
		return false
	}
	return slices.Contains(controllerOf, ControllerOfRow{fn.Pkg().Path(), fn.Name()})
}

// PtrDeref is the generic function that reads a pointer or, when nil, a
// default: the fix for an optional field dereferenced unchecked.
var PtrDeref = ControllerOfRow{"k8s.io/utils/ptr", "Deref"}
