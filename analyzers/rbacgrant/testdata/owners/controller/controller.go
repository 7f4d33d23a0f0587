package controller

// Children given blocking owner references (SetControllerReference,
// NewControllerRef, a helper of another package) need update on their
// owner's finalizers where OwnerReferencesPermissionEnforcement is on:
// granted for guestbooks, not for backups and restores. A plain owner
// reference, and a controller reference with WithBlockOwnerDeletion(false),
// need nothing.

import (
	"context"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	webappv1 "fixtures/api/v1"
	"fixtures/own"
)

// +kubebuilder:rbac:groups=webapp.example.com,resources=guestbooks;backups;restores;schedules,verbs=get;list;watch
// +kubebuilder:rbac:groups=webapp.example.com,resources=guestbooks/finalizers,verbs=update
// +kubebuilder:rbac:groups=core,resources=configmaps,verbs=get;list;watch;create
// +kubebuilder:rbac:groups=batch,resources=jobs,verbs=get;list;watch;create

type GuestbookReconciler struct{ client.Client }

func (r *GuestbookReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	gb := &webappv1.Guestbook{}
	if err := r.Get(ctx, req.NamespacedName, gb); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: gb.Name, Namespace: gb.Namespace}}
	if err := ctrl.SetControllerReference(gb, cm, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, cm)
}

func (r *GuestbookReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&webappv1.Guestbook{}).Owns(&corev1.ConfigMap{}).Complete(r)
}

type BackupReconciler struct{ client.Client }

func (r *BackupReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	b := &webappv1.Backup{}
	if err := r.Get(ctx, req.NamespacedName, b); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	job := &batchv1.Job{ObjectMeta: metav1.ObjectMeta{Name: b.Name, Namespace: b.Namespace}}
	if err := controllerutil.SetControllerReference(b, job, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, job)
}

func (r *BackupReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&webappv1.Backup{}).Owns(&batchv1.Job{}).Complete(r)
}

type RestoreReconciler struct{ client.Client }

func (r *RestoreReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	rs := &webappv1.Restore{}
	if err := r.Get(ctx, req.NamespacedName, rs); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: rs.Name, Namespace: rs.Namespace}}
	if err := own.Controlled(rs, cm, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, cm)
}

func (r *RestoreReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&webappv1.Restore{}).Complete(r)
}

type ScheduleReconciler struct{ client.Client }

func (r *ScheduleReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &webappv1.Schedule{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	plain := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: s.Name + "-plain", Namespace: s.Namespace}}
	if err := controllerutil.SetOwnerReference(s, plain, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, plain); err != nil {
		return ctrl.Result{}, err
	}
	soft := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: s.Name + "-soft", Namespace: s.Namespace}}
	if err := controllerutil.SetControllerReference(s, soft, r.Scheme(), controllerutil.WithBlockOwnerDeletion(false)); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, soft)
}

func (r *ScheduleReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&webappv1.Schedule{}).Complete(r)
}
