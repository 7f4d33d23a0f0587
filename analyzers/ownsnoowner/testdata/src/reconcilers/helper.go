package reconcilers

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"fixtures/helpers"
)

// HelperReconciler creates and owns its children through helpers of its
// own package and of another package.
type HelperReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *HelperReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &App{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	meta := metav1.ObjectMeta{Namespace: app.Namespace, Name: app.Name}

	// Good: a helper of this package sets the controller reference.
	sa := &corev1.ServiceAccount{ObjectMeta: meta}
	if err := r.own(app, sa); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.ensure(ctx, sa); err != nil {
		return ctrl.Result{}, err
	}

	// Bad: the helper of this package only labels the Role.
	role := &rbacv1.Role{ObjectMeta: meta}
	label(role)
	if err := r.ensure(ctx, role); err != nil {
		return ctrl.Result{}, err
	}

	// Good: a helper of another package sets the controller reference.
	sts := &appsv1.StatefulSet{ObjectMeta: meta}
	if err := helpers.Own(app, sts, r.Scheme); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, sts); client.IgnoreAlreadyExists(err) != nil {
		return ctrl.Result{}, err
	}

	// Bad: the helper of another package only labels the DaemonSet.
	ds := &appsv1.DaemonSet{ObjectMeta: meta}
	helpers.Label(ds)
	if err := r.Create(ctx, ds); client.IgnoreAlreadyExists(err) != nil {
		return ctrl.Result{}, err
	}

	// Good: another package builds the Job with its owner reference.
	job := helpers.NewJob(app, appGVK)
	if err := r.Create(ctx, job); client.IgnoreAlreadyExists(err) != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

func (r *HelperReconciler) own(owner, obj client.Object) error {
	return controllerutil.SetControllerReference(owner, obj, r.Scheme)
}

// ensure creates obj unless it exists.
func (r *HelperReconciler) ensure(ctx context.Context, obj client.Object) error {
	return client.IgnoreAlreadyExists(r.Create(ctx, obj))
}

func label(obj client.Object) {
	obj.SetLabels(map[string]string{"app.kubernetes.io/managed-by": "app-operator"})
}

func (r *HelperReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&App{}).
		Owns(&corev1.ServiceAccount{}).
		Owns(&rbacv1.Role{}). // want `Owns\(&rbacv1.Role\{\}\) maps each Role event to the object's controller owner, but HelperReconciler's package creates Role objects without a controller reference`
		Owns(&appsv1.StatefulSet{}).
		Owns(&appsv1.DaemonSet{}). // want `Owns\(&appsv1.DaemonSet\{\}\) maps each DaemonSet event to the object's controller owner, but HelperReconciler's package creates DaemonSet objects without a controller reference`
		Owns(&batchv1.Job{}).
		Complete(r)
}
