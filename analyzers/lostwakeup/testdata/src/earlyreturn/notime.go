package earlyreturn

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// A file that does not import "time": the fix adds the import. The
// builder chain is split over statements.
type NoTimeReconciler struct {
	client.Client
}

func (r *NoTimeReconciler) SetupWithManager(mgr ctrl.Manager) error {
	b := ctrl.NewControllerManagedBy(mgr)
	b = b.For(&appsv1.StatefulSet{})
	return b.Complete(r)
}

func (r *NoTimeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	sts := &appsv1.StatefulSet{}
	if err := r.Get(ctx, req.NamespacedName, sts); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	quota := &corev1.ResourceQuota{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: sts.Namespace, Name: "quota"}, quota); err != nil {
		if !apierrors.IsNotFound(err) {
			return ctrl.Result{}, err
		}
		quota = &corev1.ResourceQuota{ObjectMeta: metav1.ObjectMeta{Namespace: sts.Namespace, Name: "quota"}}
		if err := r.Create(ctx, quota); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, nil // want `right after creating a v1.ResourceQuota.*\(updating a v1.StatefulSet\)`
	}
	if sts.Annotations["quota"] != quota.Name {
		if sts.Annotations == nil {
			sts.Annotations = map[string]string{}
		}
		sts.Annotations["quota"] = quota.Name
		return ctrl.Result{}, r.Update(ctx, sts)
	}
	return ctrl.Result{}, nil
}

// ---------------------------------------------------------------------
// The write is made by a helper returning an error, or by
// controllerutil.CreateOrUpdate.

type WriterHelperReconciler struct {
	client.Client
}

func (r *WriterHelperReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&appsv1.StatefulSet{}).
		Complete(r)
}

func (r *WriterHelperReconciler) createQuota(ctx context.Context, sts *appsv1.StatefulSet) error {
	return r.Create(ctx, &corev1.ResourceQuota{ObjectMeta: metav1.ObjectMeta{Namespace: sts.Namespace, Name: "quota"}})
}

func (r *WriterHelperReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	sts := &appsv1.StatefulSet{}
	if err := r.Get(ctx, req.NamespacedName, sts); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	quota := &corev1.ResourceQuota{}
	err := r.Get(ctx, client.ObjectKey{Namespace: sts.Namespace, Name: "quota"}, quota)
	if apierrors.IsNotFound(err) {
		if err := r.createQuota(ctx, sts); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, nil // want `Reconcile returns without requeue right after calling createQuota, which writes a v1.ResourceQuota, a type this controller does not watch: no event will wake it up, so the remaining steps \(CreateOrUpdate of a v1.LimitRange\) wait`
	}
	if err != nil {
		return ctrl.Result{}, err
	}
	limits := &corev1.LimitRange{ObjectMeta: metav1.ObjectMeta{Namespace: sts.Namespace, Name: "limits"}}
	if _, err := controllerutil.CreateOrUpdate(ctx, r.Client, limits, func() error { return nil }); err != nil {
		return ctrl.Result{}, err
	}
	if len(limits.Spec.Limits) == 0 {
		return ctrl.Result{}, nil // want `right after CreateOrUpdate of a v1.LimitRange, a type this controller does not watch.*\(updating a v1.StatefulSet\)`
	}
	sts.Annotations = map[string]string{"limits": limits.Name}
	return ctrl.Result{}, r.Update(ctx, sts)
}
