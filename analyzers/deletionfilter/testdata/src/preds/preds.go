// Package preds builds predicates for the controllers of another package.
package preds

import (
	"reflect"

	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	"fixtures/api"
)

// SpecChanged passes an update only when the Widget's spec changed.
func SpecChanged() predicate.Funcs {
	return predicate.Funcs{
		UpdateFunc: func(e event.UpdateEvent) bool {
			return !reflect.DeepEqual(e.ObjectOld.(*api.Widget).Spec, e.ObjectNew.(*api.Widget).Spec)
		},
	}
}
