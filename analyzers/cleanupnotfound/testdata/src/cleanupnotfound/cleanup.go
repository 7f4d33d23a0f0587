package cleanupnotfound

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"fixtures/teardown"
)

const fin = "example.com/cleanup"

// The deletion branch deletes the app's Secret and returns the error as
// it is: once the Secret is gone, every retry fails on NotFound.
type DirectReconciler struct{ client.Client }

func (r *DirectReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !app.DeletionTimestamp.IsZero() {
		secret := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: app.Namespace, Name: app.Name + "-creds"}}
		if err := r.Delete(ctx, secret); err != nil { // want `the NotFound error of this Delete is returned \(line 30\) before finalizer "example.com/cleanup" is removed \(line 32\): once the object is gone \(an earlier partial run, the garbage collector\), every retry fails on NotFound, the finalizer is never removed and the object stays Terminating; wrap the Delete's error in client.IgnoreNotFound`
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(app, fin)
		return ctrl.Result{}, r.Update(ctx, app)
	}
	controllerutil.AddFinalizer(app, fin)
	return ctrl.Result{}, r.Update(ctx, app)
}

// A Get before the Delete, its NotFound returned; a cleanup helper of
// this package, one of another package.
type HelperReconciler struct{ client.Client }

func (r *HelperReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.DeletionTimestamp != nil {
		sa := &corev1.ServiceAccount{}
		if err := r.Get(ctx, types.NamespacedName{Namespace: app.Namespace, Name: app.Name}, sa); err != nil { // want `the NotFound error of this Get of the object it deletes \(line 53\) is returned \(line 51\)`
			return ctrl.Result{}, err
		}
		if err := r.Delete(ctx, sa); err != nil {
			return ctrl.Result{}, err
		}
		if err := r.deleteService(ctx, app); err != nil { // want `the NotFound error of a Delete in deleteService is returned \(line 57\)`
			return ctrl.Result{}, err
		}
		if err := teardown.DeleteConfig(ctx, r.Client, app.Namespace, app.Name); err != nil { // want `the NotFound error of a Delete in DeleteConfig is returned`
			return ctrl.Result{}, err
		}
		if controllerutil.RemoveFinalizer(app, fin) {
			return ctrl.Result{}, r.Update(ctx, app)
		}
		return ctrl.Result{}, nil
	}
	if controllerutil.AddFinalizer(app, fin) {
		return ctrl.Result{}, r.Update(ctx, app)
	}
	return ctrl.Result{}, nil
}

func (r *HelperReconciler) deleteService(ctx context.Context, app *corev1.ConfigMap) error {
	return r.Delete(ctx, &corev1.Service{ObjectMeta: metav1.ObjectMeta{Namespace: app.Namespace, Name: app.Name}})
}

// The deletion branch in a helper: a (Result, error) step called only
// for a terminating object.
type StepReconciler struct{ client.Client }

func (r *StepReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !app.DeletionTimestamp.IsZero() {
		return r.finalize(ctx, app)
	}
	controllerutil.AddFinalizer(app, fin)
	return ctrl.Result{}, r.Update(ctx, app)
}

func (r *StepReconciler) finalize(ctx context.Context, app *corev1.ConfigMap) (ctrl.Result, error) {
	pvc := &corev1.PersistentVolumeClaim{ObjectMeta: metav1.ObjectMeta{Namespace: app.Namespace, Name: app.Name}}
	err := r.Delete(ctx, pvc) // want `the NotFound error of this Delete is returned \(line 97\)`
	if err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(app, fin)
	return ctrl.Result{}, r.Update(ctx, app)
}
