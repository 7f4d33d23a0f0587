package ctrlmodel

import (
	"go/types"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// Controller is what a reconciler type is set up to watch: the union of
// the sources of every chain of the package that Completes or Builds with
// a reconciler of that type.
type Controller struct {
	// Reconciler is the reconciler's named type.
	Reconciler *types.TypeName
	For        []types.Type
	Owns       []types.Type
	// Watches are the object types of Watches and WatchesMetadata.
	Watches []types.Type
	// Chains are the chains the controller is set up by.
	Chains []*Chain
	// Complete is false when the watched set may be larger than the
	// types above: a source whose object type is unknown (an interface
	// argument, WatchesRawSource).
	Complete bool
}

// Watched reports whether objects of type t (or *t) reach this
// controller through one of its sources.
func (c *Controller) Watched(t types.Type) bool {
	return c.IsFor(t) || containsKind(c.Owns, t) || containsKind(c.Watches, t)
}

// IsFor reports whether t (or *t) is the controller's For type.
func (c *Controller) IsFor(t types.Type) bool {
	return containsKind(c.For, t)
}

func containsKind(list []types.Type, t types.Type) bool {
	for _, u := range list {
		if SameKind(ssaflow.Deref(u), ssaflow.Deref(t)) {
			return true
		}
	}
	return false
}

// ControllerOf returns the controller that this package sets up with a
// reconciler of type recv (a named type or a pointer to one); nil if it
// sets none up, in which case checks that need to know what the
// controller watches must stay silent.
func (m *Model) ControllerOf(recv types.Type) *Controller {
	n := crapi.Named(recv)
	if n == nil || m == nil {
		return nil
	}
	var ctl *Controller
	for _, ch := range m.Chains {
		uses := false
		for _, r := range ch.Reconcilers() {
			if rn := crapi.Named(r); rn != nil && rn.Obj() == n.Obj() {
				uses = true
			}
		}
		if !uses {
			continue
		}
		if ctl == nil {
			ctl = &Controller{Reconciler: n.Obj(), Complete: true}
		}
		ctl.Chains = append(ctl.Chains, ch)
		for _, call := range ch.Sources() {
			if call.Method == WatchesRawSource || call.Object == nil || DynamicKind(ssaflow.Deref(call.Object)) {
				ctl.Complete = false
				if call.Object == nil {
					continue
				}
			}
			switch call.Method {
			case For:
				ctl.For = append(ctl.For, call.Object)
			case Owns:
				ctl.Owns = append(ctl.Owns, call.Object)
			case Watches, WatchesMetadata:
				ctl.Watches = append(ctl.Watches, call.Object)
			}
		}
	}
	return ctl
}
