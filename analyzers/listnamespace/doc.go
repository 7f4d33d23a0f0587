// Package listnamespace defines an Analyzer that reports a List by labels
// with no namespace, in the reconcile of a namespaced object, whose items
// are then updated, patched or deleted: the objects of other instances
// in other namespaces that carry the same labels are changed too.
//
// # Analyzer listnamespace
//
// listnamespace: report a List by labels with no namespace in the reconcile of a namespaced object whose items are then written or deleted
//
// In the functions the reconcile of a namespaced kind runs (its For type,
// set up in the package), a client List that selects by labels
// (client.MatchingLabels, HasLabels, MatchingLabelsSelector, a
// ListOptions' LabelSelector) of a namespaced kind and names no namespace
// (no client.InNamespace, no ListOptions.Namespace) lists every namespace
// the client sees. When the function then updates, patches or deletes an
// item of that list (a client call on &list.Items[i] or a range copy, or
// a helper of the module, of this package or another, given an item or
// the list, that writes it), another instance of the kind in another
// namespace, whose objects carry the same labels, has its objects
// changed or deleted by this one. Add client.InNamespace(obj.Namespace);
// a suggested fix does when the request or the reconciled object is a
// parameter of the function. Silent when a label's value is the object's
// UID, when the function reads the items' namespace or owner references,
// and in a package that makes a namespaced client or a cache held to
// namespaces.
package listnamespace
