package objects

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ctrlmodel"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// ObjectType is the static type of an object argument with the
// conversions to client.Object removed; nil when it is an interface or an
// object whose kind is only known at run time (unstructured).
func ObjectType(v ssa.Value) types.Type {
	if v == nil {
		return nil
	}
	t := ssaflow.Strip(v).Type()
	if types.IsInterface(t) || ctrlmodel.DynamicKind(ssaflow.Deref(t)) || crapi.Named(t) == nil {
		return nil
	}
	return t
}

// ListItemType maps a list type (*v1.PodList) to its item type (v1.Pod).
func ListItemType(t types.Type) types.Type {
	st, ok := ssaflow.Deref(t).Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		if f.Name() != "Items" {
			continue
		}
		if sl, ok := f.Type().Underlying().(*types.Slice); ok {
			item := sl.Elem()
			if types.IsInterface(item) || ctrlmodel.DynamicKind(ssaflow.Deref(item)) || crapi.Named(item) == nil {
				return nil
			}
			return item
		}
	}
	return nil
}
