package reconcilers

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// DirectReconciler creates its children in Reconcile itself.
type DirectReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *DirectReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &App{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}

	// Bad: no owner reference at all.
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: app.Namespace, Name: app.Name}}
	if err := r.Create(ctx, cm); client.IgnoreAlreadyExists(err) != nil {
		return ctrl.Result{}, err
	}

	// Good: controllerutil.SetControllerReference.
	secret := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: app.Namespace, Name: app.Name}}
	if err := controllerutil.SetControllerReference(app, secret, r.Scheme); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, secret); client.IgnoreAlreadyExists(err) != nil {
		return ctrl.Result{}, err
	}

	// Good: the ctrl alias.
	svc := &corev1.Service{ObjectMeta: metav1.ObjectMeta{Namespace: app.Namespace, Name: app.Name}}
	if err := ctrl.SetControllerReference(app, svc, r.Scheme); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, svc); client.IgnoreAlreadyExists(err) != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

func (r *DirectReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&App{}).
		Owns(&corev1.ConfigMap{}). // want `Owns\(&corev1.ConfigMap\{\}\) maps each ConfigMap event to the object's controller owner, but DirectReconciler's package creates ConfigMap objects without a controller reference: their changes never trigger a reconcile; call controllerutil.SetControllerReference before creating them`
		Owns(&corev1.Secret{}).
		Owns(&corev1.Service{}).
		// Never created here (made by someone else, maybe adopted): silent.
		Owns(&networkingv1.Ingress{}).
		Complete(r)
}
