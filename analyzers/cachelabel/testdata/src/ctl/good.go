package ctl

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/labelutil"
)

// GoodReconciler is BadReconciler's twin: the Secret gets the label from
// a helper of another package, the ConfigMap in its literal.
type GoodReconciler struct {
	client.Client
}

func (r *GoodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if res, err := r.ensureSecret(ctx, req); err != nil || !res.IsZero() {
		return res, err
	}
	return ctrl.Result{}, r.ensureConfigMap(ctx, req)
}

func (r *GoodReconciler) ensureSecret(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	secret := &corev1.Secret{}
	err := r.Get(ctx, req.NamespacedName, secret)
	if err == nil {
		return ctrl.Result{}, nil
	}
	if !apierrors.IsNotFound(err) {
		return ctrl.Result{}, err
	}
	secret = &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: req.Name, Namespace: req.Namespace}}
	labelutil.Managed(secret)
	return ctrl.Result{}, r.Create(ctx, secret)
}

func (r *GoodReconciler) ensureConfigMap(ctx context.Context, req ctrl.Request) error {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); !apierrors.IsNotFound(err) {
		return err
	}
	cm = &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: req.Name, Namespace: req.Namespace,
		Labels: map[string]string{"app": "web", labelutil.ManagedBy: "web"}}}
	return r.Create(ctx, cm)
}

func (r *GoodReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&appsv1.Deployment{}).Complete(r)
}

// ReaderReconciler reads its Secret with the API reader, which the cache
// does not filter: the Get finds the Secret it created.
type ReaderReconciler struct {
	client.Client
	APIReader client.Reader
}

func (r *ReaderReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	secret := &corev1.Secret{}
	if err := r.APIReader.Get(ctx, req.NamespacedName, secret); !apierrors.IsNotFound(err) {
		return ctrl.Result{}, err
	}
	secret = &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: req.Name, Namespace: req.Namespace}}
	return ctrl.Result{}, r.Create(ctx, secret)
}

func (r *ReaderReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&appsv1.StatefulSet{}).Complete(r)
}

// CopiedReconciler gives its ConfigMap the labels of its Deployment: not
// known, left alone.
type CopiedReconciler struct {
	client.Client
}

func (r *CopiedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	dep := &appsv1.DaemonSet{}
	if err := r.Get(ctx, req.NamespacedName, dep); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); !apierrors.IsNotFound(err) {
		return ctrl.Result{}, err
	}
	cm = &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: req.Name, Namespace: req.Namespace, Labels: dep.Spec.Template.Labels}}
	return ctrl.Result{}, r.Create(ctx, cm)
}

func (r *CopiedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&appsv1.DaemonSet{}).Complete(r)
}

// Setup starts the reconcilers.
func Setup(mgr ctrl.Manager) error {
	if err := (&BadReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr); err != nil {
		return err
	}
	if err := (&GoodReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr); err != nil {
		return err
	}
	if err := (&ReaderReconciler{Client: mgr.GetClient(), APIReader: mgr.GetAPIReader()}).SetupWithManager(mgr); err != nil {
		return err
	}
	return (&CopiedReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr)
}
