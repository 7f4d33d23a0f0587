package reconcilers

import (
	"context"

	coordinationv1 "k8s.io/api/coordination/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/helpers"
)

// LiteralReconciler writes owner references into composite literals.
type LiteralReconciler struct {
	client.Client
}

func (r *LiteralReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &App{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}

	// Good: NewControllerRef in the OwnerReferences literal.
	pvc := &corev1.PersistentVolumeClaim{
		ObjectMeta: metav1.ObjectMeta{
			Namespace:       app.Namespace,
			Name:            app.Name,
			OwnerReferences: []metav1.OwnerReference{*metav1.NewControllerRef(app, appGVK)},
		},
	}
	if err := r.Create(ctx, pvc); client.IgnoreAlreadyExists(err) != nil {
		return ctrl.Result{}, err
	}

	// Bad: a literal without owner references.
	pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Namespace: app.Namespace, Name: app.Name}}
	if err := r.Create(ctx, pod); client.IgnoreAlreadyExists(err) != nil {
		return ctrl.Result{}, err
	}

	// Good: the metadata, owner reference included, comes from a helper.
	quota := &corev1.ResourceQuota{ObjectMeta: objectMeta(app)}
	if err := r.Create(ctx, quota); client.IgnoreAlreadyExists(err) != nil {
		return ctrl.Result{}, err
	}

	// Good: metadata filled in by a helper of another package through its
	// address, then copied into the object.
	leaseMeta := metav1.ObjectMeta{Namespace: app.Namespace, Name: app.Name}
	helpers.SetOwner(&leaseMeta, app, appGVK)
	lease := &coordinationv1.Lease{ObjectMeta: leaseMeta}
	if err := r.Create(ctx, lease); client.IgnoreAlreadyExists(err) != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

func objectMeta(app *App) metav1.ObjectMeta {
	return metav1.ObjectMeta{
		Namespace:       app.Namespace,
		Name:            app.Name,
		OwnerReferences: []metav1.OwnerReference{*metav1.NewControllerRef(app, appGVK)},
	}
}

func (r *LiteralReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&App{}).
		Owns(&corev1.PersistentVolumeClaim{}).
		Owns(&corev1.Pod{}). // want `Owns\(&corev1.Pod\{\}\) maps each Pod event to the object's controller owner, but LiteralReconciler's package creates Pod objects without a controller reference`
		Owns(&corev1.ResourceQuota{}).
		Owns(&coordinationv1.Lease{}).
		Complete(r)
}
