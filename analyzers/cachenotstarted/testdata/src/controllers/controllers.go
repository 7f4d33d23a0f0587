// Package controllers sets up reconcilers, some of which read through the
// manager's client while they are set up.
package controllers

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/manager"
)

// Seeding lists the namespaces while it is set up, through its client.
type Seeding struct {
	client.Client
}

func (r *Seeding) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

func (r *Seeding) SetupWithManager(mgr ctrl.Manager) error { // want SetupWithManager:`cacheReads\(0.Client namespaces, 1.GetClient\(\) configmaps\)`
	var nss corev1.NamespaceList
	if err := r.List(context.Background(), &nss); err != nil {
		return err
	}
	if err := r.seed(mgr); err != nil {
		return err
	}
	return ctrl.NewControllerManagedBy(mgr).For(&appsv1.Deployment{}).Complete(r)
}

func (r *Seeding) seed(mgr ctrl.Manager) error {
	var cm corev1.ConfigMap
	return mgr.GetClient().Get(context.Background(), client.ObjectKey{Namespace: "kube-system", Name: "seed"}, &cm)
}

// Lazy reads only in a runnable, once the manager runs.
type Lazy struct {
	client.Client
}

func (r *Lazy) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

func (r *Lazy) SetupWithManager(mgr ctrl.Manager) error {
	if err := mgr.Add(manager.RunnableFunc(func(ctx context.Context) error {
		var nss corev1.NamespaceList
		return r.List(ctx, &nss)
	})); err != nil {
		return err
	}
	return ctrl.NewControllerManagedBy(mgr).For(&appsv1.StatefulSet{}).Complete(r)
}

// Direct reads through the API reader, and unstructured objects through
// the client (never cached by default).
type Direct struct {
	client.Client
	APIReader client.Reader
}

func (r *Direct) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

func (r *Direct) SetupWithManager(mgr ctrl.Manager) error { // want SetupWithManager:`cacheReads\(0.APIReader namespaces\)`
	var nss corev1.NamespaceList
	if err := r.APIReader.List(context.Background(), &nss); err != nil {
		return err
	}
	u := &unstructured.UnstructuredList{}
	u.SetAPIVersion("v1")
	u.SetKind("SecretList")
	if err := r.List(context.Background(), u); err != nil {
		return err
	}
	return ctrl.NewControllerManagedBy(mgr).For(&appsv1.DaemonSet{}).Complete(r)
}

// Preload reads through the client it is given.
func Preload(ctx context.Context, c client.Reader) error { // want Preload:`cacheReads\(1 secrets\)`
	var s corev1.SecretList
	return c.List(ctx, &s)
}
