// Package rbacgrant defines an Analyzer that reports API permissions the
// code of an operator needs but its kubebuilder RBAC markers do not grant
// (catalogue item C1).
//
// # Analyzer rbacgrant
//
// rbacgrant: report an API call or watch whose resource and verb no +kubebuilder:rbac marker grants
//
// controller-gen writes the operator's ClusterRole from the
// // +kubebuilder:rbac markers of the module. A watch (For, Owns, Watches),
// a read through the manager's cached client (list and watch for its
// informer), a read through an uncached reader (get, list), a write
// (create, update, patch, delete, deletecollection), a status write
// (<resource>/status) or an event (events create, patch) whose resource
// and verb no marker grants fails in the cluster with forbidden, often only
// after release because envtest runs as an administrator. The check
// reports where package main creates the manager, where every controller
// it runs is visible, naming the call that needs the permission; add the
// marker it gives. It is silent for a module without any rbac marker (its
// role is kept by hand) and for clients that are not the manager's.
package rbacgrant
