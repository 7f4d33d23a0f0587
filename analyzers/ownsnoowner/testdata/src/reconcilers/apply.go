package reconcilers

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	corev1ac "k8s.io/client-go/applyconfigurations/core/v1"
	metav1ac "k8s.io/client-go/applyconfigurations/meta/v1"
	rbacv1ac "k8s.io/client-go/applyconfigurations/rbac/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// ApplyReconciler creates its children by server-side apply.
type ApplyReconciler struct {
	client.Client
}

func (r *ApplyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &App{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}

	// Good: the apply configuration carries the controller reference.
	rb := rbacv1ac.RoleBinding(app.Name, app.Namespace).
		WithOwnerReferences(metav1ac.OwnerReference().
			WithAPIVersion(appGVK.GroupVersion().String()).WithKind(appGVK.Kind).
			WithName(app.Name).WithUID(app.UID).WithController(true))
	if err := r.Apply(ctx, rb, client.FieldOwner("app-operator")); err != nil {
		return ctrl.Result{}, err
	}

	// Bad: an apply configuration without owner references.
	lr := corev1ac.LimitRange(app.Name, app.Namespace)
	if err := r.Apply(ctx, lr, client.FieldOwner("app-operator")); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

func (r *ApplyReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&App{}).
		Owns(&rbacv1.RoleBinding{}).
		Owns(&corev1.LimitRange{}). // want `Owns\(&corev1.LimitRange\{\}\) maps each LimitRange event to the object's controller owner, but ApplyReconciler's package creates LimitRange objects without a controller reference`
		Complete(r)
}
