package controller

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	rbacv1 "k8s.io/api/rbac/v1"

	tenancyv1 "fixtures/api/v1"
	"fixtures/ownlib"
)

// Through the package's own helper: reported where the types are known.
func (r *WorkspaceReconciler) binding(ctx context.Context, ws *tenancyv1.Workspace) error {
	b := &rbacv1.ClusterRoleBinding{}
	if err := adopt(ws, b, r.Scheme); err != nil { // want `ClusterRoleBinding is cluster-scoped and Workspace namespaced: .* the owner reference this helper sets is refused`
		return err
	}
	return r.Create(ctx, b)
}

// Through another package's helper (its fact).
func (r *WorkspaceReconciler) namespace(ctx context.Context, ws *tenancyv1.Workspace) error {
	ns := &corev1.Namespace{}
	ns.Name = ws.Name
	if err := ownlib.Adopt(ws, ns, r.Scheme); err != nil { // want `Namespace is cluster-scoped and Workspace namespaced`
		return err
	}
	return r.Create(ctx, ns)
}

// Twin: the same helpers on namespaced objects.
func (r *WorkspaceReconciler) secret(ctx context.Context, ws *tenancyv1.Workspace) error {
	s := &corev1.Secret{}
	if err := adopt(ws, s, r.Scheme); err != nil {
		return err
	}
	if err := ownlib.Adopt(ws, &corev1.ServiceAccount{}, r.Scheme); err != nil {
		return err
	}
	return r.Create(ctx, s)
}
