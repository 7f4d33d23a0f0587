package knowledge

import (
	"go/types"
	"maps"
)

// This file says what each option of controller-runtime's client does to
// the scope of a List or a DeleteAllOf: whether it names the namespace,
// selects by labels, or neither.

// ListScope is what a list (or delete-collection) option does to the
// request's namespace and label selector.
type ListScope uint8

const (
	// ListScopeUnknown says the option may set either (a type of the
	// user's, client.ListOptions and client.DeleteAllOfOptions whose
	// fields the caller follows).
	ListScopeUnknown ListScope = iota
	// ListScopeNone says the option sets neither (Limit, a field
	// selector, a propagation policy).
	ListScopeNone
	// ListScopeNamespace says the option names the namespace
	// (client.InNamespace).
	ListScopeNamespace
	// ListScopeLabels says the option selects by labels
	// (client.MatchingLabels, HasLabels, MatchingLabelsSelector).
	ListScopeLabels
)

// listOptions are the option types of controller-runtime's client package
// that apply to List or DeleteAllOf, by what they do to the namespace and
// the label selector (options.go: InNamespace sets ListOptions.Namespace,
// the label options set ListOptions.LabelSelector). A test checks that
// every type of the package with an ApplyToList or ApplyToDeleteAllOf
// method is here, and applies each.
var listOptions = map[string]ListScope{
	"InNamespace":            ListScopeNamespace,
	"MatchingLabels":         ListScopeLabels,
	"HasLabels":              ListScopeLabels,
	"MatchingLabelsSelector": ListScopeLabels,
	// Their fields (Namespace, LabelSelector, Raw) may be set.
	"ListOptions":        ListScopeUnknown,
	"DeleteAllOfOptions": ListScopeUnknown,

	"MatchingFields":                   ListScopeNone,
	"MatchingFieldsSelector":           ListScopeNone,
	"Limit":                            ListScopeNone,
	"Continue":                         ListScopeNone,
	"UnsafeDisableDeepCopyOption":      ListScopeNone,
	"disableReadYourWritesConsistency": ListScopeNone,
	"PropagationPolicy":                ListScopeNone,
	"GracePeriodSeconds":               ListScopeNone,
	"Preconditions":                    ListScopeNone,
	"dryRunAll":                        ListScopeNone,
}

// ListOptionScope tells what a list or delete-collection option of type t
// (the dynamic type of a client.ListOption or DeleteAllOfOption) does to
// the request's namespace and label selector. Types of other packages
// are unknown.
func ListOptionScope(t types.Type) ListScope {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != client {
		return ListScopeUnknown
	}
	return listOptions[n.Obj().Name()] // ListScopeUnknown when absent
}

// ListOptionTypes returns the option types of the table, by name, for
// tests.
func ListOptionTypes() map[string]ListScope {
	return maps.Clone(listOptions)
}
