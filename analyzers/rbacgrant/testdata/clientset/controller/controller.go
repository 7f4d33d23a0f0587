// Package controller reads and writes through client-go's typed
// clientsets as well as the manager's client.
package controller

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// +kubebuilder:rbac:groups=core,resources=configmaps,verbs=get;list;watch
// +kubebuilder:rbac:groups=core,resources=nodes,verbs=get
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;list;watch

// Reconciler lists Nodes through a clientset main makes from the
// manager's config: the role needs list on nodes.
type Reconciler struct {
	client.Client
	Clientset kubernetes.Interface
	// Config is the manager's; a clientset made from it in the reconcile
	// acts with the manager's role too.
	Config *rest.Config
	// Remote is a clientset of another cluster (main makes it from a
	// kubeconfig file): what it reads needs nothing of this role.
	Remote kubernetes.Interface
	// Injected is filled by no code of the module (a test, a framework):
	// its origin is not known, nothing is charged.
	Injected kubernetes.Interface
}

func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{}).Complete(r)
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	// Twin: get on nodes is granted.
	if _, err := r.Clientset.CoreV1().Nodes().Get(ctx, req.Name, metav1.GetOptions{}); err != nil {
		return ctrl.Result{}, err
	}
	nodes, err := r.Clientset.CoreV1().Nodes().List(ctx, metav1.ListOptions{})
	if err != nil {
		return ctrl.Result{}, err
	}
	_ = nodes
	if err := r.cleanup(ctx, req.Namespace); err != nil {
		return ctrl.Result{}, err
	}
	// Twins: another cluster's clientset, and one of unknown origin.
	if _, err := r.Remote.CoreV1().Secrets(req.Namespace).List(ctx, metav1.ListOptions{}); err != nil {
		return ctrl.Result{}, err
	}
	if _, err := r.Injected.CoreV1().ServiceAccounts(req.Namespace).List(ctx, metav1.ListOptions{}); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// cleanup deletes Deployments through a clientset it makes from the
// manager's config.
func (r *Reconciler) cleanup(ctx context.Context, ns string) error {
	cs, err := kubernetes.NewForConfig(r.Config)
	if err != nil {
		return err
	}
	return cs.AppsV1().Deployments(ns).Delete(ctx, "old", metav1.DeleteOptions{})
}
