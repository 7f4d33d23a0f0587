package wiring

import (
	"go/constant"
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/apimarkers"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ownership"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// This file is the need a blocking owner reference makes (catalogue E2).
// The OwnerReferencesPermissionEnforcement admission plugin (on in
// OpenShift) refuses a create or update that sets an owner reference with
// blockOwnerDeletion: true, new or newly blocking, unless the writer may
// update the owner's finalizers subresource
// (kubernetes/plugin/pkg/admission/gc/gc_admission.go, Admit: "cannot set
// blockOwnerDeletion if an ownerReference refers to a resource you can't
// set finalizers on"). SetControllerReference and NewControllerRef make
// such references; the code that sets one on an object it then writes
// through the manager's client needs update on <owner>/finalizers.

// blockingOwners adds the need of each blocking owner reference the
// package sets between objects of known types: ownership's sites, where
// both ends are first known (the library call, or the call of a helper of
// the module given both objects, which then sets a reference that may be a
// controller one). The owner's resource is the markers'; a reference to
// an owner of unknown resource needs nothing the check could name.
func (col *collector) blockingOwners(own *ownership.Result, funcs []*ssa.Function) {
	if own == nil {
		return
	}
	sites := own.Sites()
	if len(sites) == 0 {
		return
	}
	at := map[token.Pos]ssa.CallInstruction{}
	for _, fn := range funcs {
		for call := range ssaflow.Calls(fn) {
			if call.Pos().IsValid() {
				at[call.Pos()] = call
			}
		}
	}
	for _, s := range sites {
		call := at[s.Pos]
		if call == nil {
			continue
		}
		what, ok := blocking(s, call)
		if !ok {
			continue
		}
		tn := own.TypeName(s.Owner)
		if tn == nil {
			continue
		}
		r, ok := col.markers.ResourceOf(tn.Type())
		if !ok {
			continue
		}
		col.addRequest(Request{Resource: apimarkers.Resource{Group: r.Group, Resource: r.Resource}, Sub: knowledge.BlockingOwnerSub,
			Access: Access(knowledge.BlockingOwnerVerb), What: what + " (owner " + tn.Name() + ")"}, call)
	}
}

// blocking reports whether the owner reference of site s, set by call,
// blocks its owner's deletion, and names what sets it. A controller
// reference does (SetControllerReference, NewControllerRef, a helper that
// may set one) unless the call's options say otherwise; a plain owner
// reference (SetOwnerReference) does only when its options set it.
// Options other than a constant WithBlockOwnerDeletion leave the answer
// unknown: no need is claimed.
func blocking(s ownership.Site, call ssa.CallInstruction) (string, bool) {
	switch s.By {
	case "":
		return "a helper's controller reference", s.Controller
	case "NewControllerRef":
		return "NewControllerRef", s.Controller
	case "SetControllerReference", "SetOwnerReference":
	default:
		return "", false
	}
	args := crapi.CallArgs(call.Common())
	block := s.By == "SetControllerReference"
	if len(args) == 4 {
		elems, ok := ssaflow.VariadicElems(args[3])
		if !ok {
			return "", false
		}
		for _, e := range elems {
			v, ok := blockOption(e)
			if !ok {
				return "", false
			}
			block = v // the options apply in order
		}
	}
	return s.By, block
}

// blockOption returns the value a WithBlockOwnerDeletion(constant) option
// sets.
func blockOption(v ssa.Value) (bool, bool) {
	c, ok := ssaflow.Strip(v).(*ssa.Call)
	if !ok {
		return false, false
	}
	fn := crapi.Callee(c.Common())
	if !crapi.IsFunc(fn, crapi.ControllerutilPkg, "WithBlockOwnerDeletion") || len(c.Call.Args) != 1 {
		return false, false
	}
	k, ok := c.Call.Args[0].(*ssa.Const)
	if !ok || k.Value == nil || k.Value.Kind() != constant.Bool {
		return false, false
	}
	return constant.BoolVal(k.Value), true
}
