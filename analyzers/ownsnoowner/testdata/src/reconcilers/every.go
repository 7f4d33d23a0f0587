package reconcilers

import (
	"context"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// EveryReconciler sets plain (non-controller) owner references.
type EveryReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *EveryReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &App{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}

	// Good: a plain owner reference, and Owns with MatchEveryOwner.
	np := &networkingv1.NetworkPolicy{ObjectMeta: metav1.ObjectMeta{Namespace: app.Namespace, Name: app.Name}}
	if err := controllerutil.SetOwnerReference(app, np, r.Scheme); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, np); client.IgnoreAlreadyExists(err) != nil {
		return ctrl.Result{}, err
	}

	// Bad: a plain owner reference, and Owns without MatchEveryOwner.
	cj := &batchv1.CronJob{ObjectMeta: metav1.ObjectMeta{Namespace: app.Namespace, Name: app.Name}}
	if err := controllerutil.SetOwnerReference(app, cj, r.Scheme); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, cj); client.IgnoreAlreadyExists(err) != nil {
		return ctrl.Result{}, err
	}

	// Bad: no owner reference at all, even with MatchEveryOwner.
	ep := &corev1.Endpoints{ObjectMeta: metav1.ObjectMeta{Namespace: app.Namespace, Name: app.Name}}
	if err := r.Create(ctx, ep); client.IgnoreAlreadyExists(err) != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

func (r *EveryReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&App{}).
		Owns(&networkingv1.NetworkPolicy{}, builder.MatchEveryOwner).
		Owns(&batchv1.CronJob{}).                           // want `Owns\(&batchv1.CronJob\{\}\) maps each CronJob event to the object's controller owner, but EveryReconciler's package gives CronJob objects only non-controller owner references \(SetOwnerReference\): their changes never trigger a reconcile; use controllerutil.SetControllerReference, or pass builder.MatchEveryOwner to Owns`
		Owns(&corev1.Endpoints{}, builder.MatchEveryOwner). // want `Owns\(&corev1.Endpoints\{\}, builder.MatchEveryOwner\) maps each Endpoints event to the owners in its owner references, but EveryReconciler's package creates Endpoints objects without any owner reference`
		Complete(r)
}
