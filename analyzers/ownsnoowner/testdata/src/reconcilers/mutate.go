package reconcilers

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// MutateReconciler creates its children with CreateOrUpdate and
// CreateOrPatch.
type MutateReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *MutateReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &App{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	replicas := int32(1)

	// Good: the mutate function sets the controller reference.
	dep := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Namespace: app.Namespace, Name: app.Name}}
	if _, err := controllerutil.CreateOrUpdate(ctx, r.Client, dep, func() error {
		dep.Spec.Replicas = &replicas
		return controllerutil.SetControllerReference(app, dep, r.Scheme)
	}); err != nil {
		return ctrl.Result{}, err
	}

	// Bad: the mutate function only sets the spec.
	rs := &appsv1.ReplicaSet{ObjectMeta: metav1.ObjectMeta{Namespace: app.Namespace, Name: app.Name}}
	if _, err := controllerutil.CreateOrPatch(ctx, r.Client, rs, func() error {
		rs.Spec.Replicas = &replicas
		return nil
	}); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

func (r *MutateReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&App{}).
		Owns(&appsv1.Deployment{}).
		Owns(&appsv1.ReplicaSet{}). // want `Owns\(&appsv1.ReplicaSet\{\}\) maps each ReplicaSet event to the object's controller owner, but MutateReconciler's package creates ReplicaSet objects without a controller reference`
		Complete(r)
}
