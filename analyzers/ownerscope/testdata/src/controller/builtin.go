// Package controller gives owner references between built-in kinds and
// the module's kinds, of the same and of different scopes.
package controller

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	tenancyv1 "fixtures/api/v1"
)

type WorkspaceReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// A namespaced custom resource giving itself a ClusterRole.
func (r *WorkspaceReconciler) clusterRole(ctx context.Context, ws *tenancyv1.Workspace) error {
	role := &rbacv1.ClusterRole{}
	role.Name = ws.Namespace + "-" + ws.Name
	if err := ctrl.SetControllerReference(ws, role, r.Scheme); err != nil { // want `ClusterRole is cluster-scoped and Workspace namespaced: an owner reference has no namespace, so it cannot name a namespaced owner; SetControllerReference fails here on every reconcile`
		return err
	}
	return r.Create(ctx, role)
}

// Twin: the namespaced Role of the same permissions.
func (r *WorkspaceReconciler) role(ctx context.Context, ws *tenancyv1.Workspace) error {
	role := &rbacv1.Role{}
	role.Namespace, role.Name = ws.Namespace, ws.Name
	if err := ctrl.SetControllerReference(ws, role, r.Scheme); err != nil {
		return err
	}
	return r.Create(ctx, role)
}

// A built-in namespaced owner (a Pod) of a PersistentVolume, not as its
// controller.
func (r *WorkspaceReconciler) volume(ctx context.Context, pod *corev1.Pod) error {
	pv := &corev1.PersistentVolume{}
	if err := controllerutil.SetOwnerReference(pod, pv, r.Scheme); err != nil { // want `PersistentVolume is cluster-scoped and Pod namespaced: .* SetOwnerReference fails`
		return err
	}
	return r.Create(ctx, pv)
}

// A namespaced kind owning the module's cluster-scoped kind.
func (r *WorkspaceReconciler) tenant(ctx context.Context, ws *tenancyv1.Workspace) error {
	t := &tenancyv1.Tenant{}
	if err := controllerutil.SetControllerReference(ws, t, r.Scheme); err != nil { // want `Tenant is cluster-scoped and Workspace namespaced`
		return err
	}
	return r.Create(ctx, t)
}

type TenantReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// Twins: a cluster-scoped owner may own cluster-scoped and namespaced
// objects alike.
func (r *TenantReconciler) children(ctx context.Context, t *tenancyv1.Tenant) error {
	binding := &rbacv1.ClusterRoleBinding{}
	if err := controllerutil.SetControllerReference(t, binding, r.Scheme); err != nil {
		return err
	}
	ns := &corev1.Namespace{}
	if err := controllerutil.SetOwnerReference(t, ns, r.Scheme); err != nil {
		return err
	}
	cm := &corev1.ConfigMap{}
	if err := controllerutil.SetControllerReference(t, cm, r.Scheme); err != nil {
		return err
	}
	return r.Create(ctx, binding)
}

// Twin: owner and object of types not known here (client.Object).
func adopt(owner, obj client.Object, scheme *runtime.Scheme) error {
	return controllerutil.SetControllerReference(owner, obj, scheme)
}
