package controller

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"

	rbacv1 "k8s.io/api/rbac/v1"

	tenancyv1 "fixtures/api/v1"
)

var workspaceKind = tenancyv1.GroupVersion.WithKind("Workspace")

// A reference built by hand: the API server takes it, the garbage
// collector cannot resolve it.
func byHand(ws *tenancyv1.Workspace) *rbacv1.ClusterRole {
	return &rbacv1.ClusterRole{ObjectMeta: metav1.ObjectMeta{
		Name:            ws.Namespace + "-" + ws.Name,
		OwnerReferences: []metav1.OwnerReference{*metav1.NewControllerRef(ws, workspaceKind)}, // want `ClusterRole is cluster-scoped and Workspace namespaced: .* the garbage collector treats this hand-built reference as unresolvable`
	}}
}

// Twin: the namespaced Role.
func byHandRole(ws *tenancyv1.Workspace) *rbacv1.Role {
	return &rbacv1.Role{ObjectMeta: metav1.ObjectMeta{
		Namespace:       ws.Namespace,
		OwnerReferences: []metav1.OwnerReference{*metav1.NewControllerRef(ws, workspaceKind)},
	}}
}

// workspaceRef builds the reference field by field.
func workspaceRef(ws *tenancyv1.Workspace) metav1.OwnerReference {
	yes := true
	return metav1.OwnerReference{
		APIVersion: workspaceKind.GroupVersion().String(),
		Kind:       workspaceKind.Kind,
		Name:       ws.GetName(),
		UID:        ws.GetUID(),
		Controller: &yes,
	}
}

// The module's own reference helper, on a ClusterRoleBinding.
func byHelper(ws *tenancyv1.Workspace) *rbacv1.ClusterRoleBinding {
	return &rbacv1.ClusterRoleBinding{ObjectMeta: metav1.ObjectMeta{
		Name:            ws.Namespace + "-" + ws.Name,
		OwnerReferences: []metav1.OwnerReference{workspaceRef(ws)}, // want `ClusterRoleBinding is cluster-scoped and Workspace namespaced: .* hand-built reference`
	}}
}

// Twin: the same helper on a RoleBinding.
func byHelperRoleBinding(ws *tenancyv1.Workspace) *rbacv1.RoleBinding {
	return &rbacv1.RoleBinding{ObjectMeta: metav1.ObjectMeta{
		Namespace:       ws.Namespace,
		OwnerReferences: []metav1.OwnerReference{workspaceRef(ws)},
	}}
}

// A code-generator style kind, namespaced by default.
func monitorRole(m *tenancyv1.Monitor, kind schema.GroupVersionKind) *rbacv1.ClusterRole {
	return &rbacv1.ClusterRole{ObjectMeta: metav1.ObjectMeta{
		OwnerReferences: []metav1.OwnerReference{*metav1.NewControllerRef(m, kind)}, // want `ClusterRole is cluster-scoped and Monitor namespaced`
	}}
}
