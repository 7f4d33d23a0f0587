package knowledge

import (
	"go/types"
	"maps"
)

// This file says what a delete request does to an object's dependents
// when it names no propagation policy, and which options of
// controller-runtime's client can name one.

// Orphaning is a built-in kind whose API orphans the dependents of an
// object deleted without a propagation policy: the API server keeps the
// old default of the kind's first version for backward compatibility
// (its registry strategy's DefaultGarbageCollectionPolicy returns
// OrphanDependents for that group version), where every other kind
// deletes them in the background.
type Orphaning struct {
	Pkg, Type string
	// Dependents are what stays behind, for messages.
	Dependents string
}

var orphaning = []Orphaning{
	// pkg/registry/batch/job/strategy.go: batch/v1, "for back
	// compatibility". The Pods keep running, or stay behind finished.
	{Pkg: batchV1, Type: "Job", Dependents: "its Pods"},
	// pkg/registry/core/replicationcontroller/strategy.go: v1.
	{Pkg: coreV1, Type: "ReplicationController", Dependents: "its Pods"},
}

// OrphanedBy returns the row of the named type t when deleting an object
// of it without a propagation policy orphans its dependents.
func OrphanedBy(t *types.Named) (Orphaning, bool) {
	if t == nil || t.Obj().Pkg() == nil {
		return Orphaning{}, false
	}
	for _, o := range orphaning {
		if o.Pkg == t.Obj().Pkg().Path() && o.Type == t.Obj().Name() {
			return o, true
		}
	}
	return Orphaning{}, false
}

// OrphaningRows returns the table, for tests.
func OrphaningRows() []Orphaning { return append([]Orphaning(nil), orphaning...) }

// Propagation says whether a delete option sets the propagation policy.
type Propagation uint8

const (
	// PropagationUnknown says the option may set it (a type of the
	// user's, client.DeleteOptions whose fields are not followed).
	PropagationUnknown Propagation = iota
	// PropagationNone says the option never sets it.
	PropagationNone
	// PropagationSet says the option sets it (client.PropagationPolicy).
	PropagationSet
)

// deleteOptions are the option types of controller-runtime's client
// package that apply to Delete or DeleteAllOf, by what they do to the
// propagation policy. A test checks that every type of the package with
// an ApplyToDelete or ApplyToDeleteAllOf method is here.
var deleteOptions = map[string]Propagation{
	"PropagationPolicy": PropagationSet,
	// Their PropagationPolicy or Raw field may be set.
	"DeleteOptions":      PropagationUnknown,
	"DeleteAllOfOptions": PropagationUnknown,

	"GracePeriodSeconds":               PropagationNone,
	"Preconditions":                    PropagationNone,
	"dryRunAll":                        PropagationNone, // client.DryRunAll
	"disableReadYourWritesConsistency": PropagationNone,
	"MatchingLabels":                   PropagationNone,
	"HasLabels":                        PropagationNone,
	"MatchingLabelsSelector":           PropagationNone,
	"MatchingFields":                   PropagationNone,
	"MatchingFieldsSelector":           PropagationNone,
	"InNamespace":                      PropagationNone,
}

// DeleteOptionPropagation tells whether a delete option of type t (the
// dynamic type of a client.DeleteOption or DeleteAllOfOption) sets the
// propagation policy. Types of other packages are unknown.
func DeleteOptionPropagation(t types.Type) Propagation {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != client {
		return PropagationUnknown
	}
	return deleteOptions[n.Obj().Name()] // PropagationUnknown when absent
}

// DeleteOptionTypes returns the option types of the table, by name, for
// tests.
func DeleteOptionTypes() map[string]Propagation {
	return maps.Clone(deleteOptions)
}
