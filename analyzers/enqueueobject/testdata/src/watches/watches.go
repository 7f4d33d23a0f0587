package watches

import (
	"context"
	"fmt"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	"fixtures/setup"
)

type DeploymentReconciler struct {
	client.Client
}

func (r *DeploymentReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var d appsv1.Deployment
	return ctrl.Result{}, client.IgnoreNotFound(r.Get(ctx, req.NamespacedName, &d))
}

func (r *DeploymentReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&appsv1.Deployment{}).
		Watches(&corev1.ConfigMap{}, &handler.EnqueueRequestForObject{}). // want `Watches\(&corev1.ConfigMap\{\}, &handler.EnqueueRequestForObject\{\}\) on a controller For v1.Deployment enqueues each ConfigMap's own name: the reconcile looks up a Deployment of that name, which exists only where the two share names, so the Deployment the event concerns is not reconciled; map the event with handler.EnqueueRequestForOwner \(Owns\) or handler.EnqueueRequestsFromMapFunc`
		WatchesMetadata(&corev1.Secret{}, &handler.EnqueueRequestForObject{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})). // want `WatchesMetadata\(&corev1.Secret\{\}, &handler.EnqueueRequestForObject\{\}, …\) on a controller For v1.Deployment enqueues each Secret's own name`
		Complete(r)
}

// A chain continued by a helper of the package is one chain.
type PodReconciler struct {
	client.Client
}

func (r *PodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var pod corev1.Pod
	return ctrl.Result{}, client.IgnoreNotFound(r.Get(ctx, req.NamespacedName, &pod))
}

func (r *PodReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return watchNodes(ctrl.NewControllerManagedBy(mgr).For(&corev1.Pod{})).Complete(r)
}

func watchNodes(b *builder.Builder) *builder.Builder {
	return b.Watches(&corev1.Node{}, &handler.EnqueueRequestForObject{}) // want `Watches\(&corev1.Node\{\}, &handler.EnqueueRequestForObject\{\}\) on a controller For v1.Pod enqueues each Node's own name`
}

// A chain continued by a helper of another package.
type ServiceReconciler struct {
	client.Client
}

func (r *ServiceReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var svc corev1.Service
	return ctrl.Result{}, client.IgnoreNotFound(r.Get(ctx, req.NamespacedName, &svc))
}

func (r *ServiceReconciler) SetupWithManager(mgr ctrl.Manager) error {
	b := ctrl.NewControllerManagedBy(mgr).For(&corev1.Service{})
	return setup.WatchSecrets(b).Complete(r) // want `Watches\(&v1.Secret\{\}\) in setup.WatchSecrets on a controller For v1.Service enqueues each Secret's own name`
}

// The request is logged, and also formatted into the key it looks up: a
// ConfigMap's name finds no Secret of that name.
type KeyedReconciler struct {
	client.Client
}

func (r *KeyedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	log := logf.FromContext(ctx).WithValues("request", req.NamespacedName)
	name := fmt.Sprintf("%s-tls", req.Name)
	log.Info("looking up", "secret", name)
	var s corev1.Secret
	return ctrl.Result{}, client.IgnoreNotFound(r.Get(ctx, client.ObjectKey{Namespace: req.Namespace, Name: name}, &s))
}

func (r *KeyedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.Secret{}).
		Watches(&corev1.ConfigMap{}, &handler.EnqueueRequestForObject{}). // want `Watches\(&corev1.ConfigMap\{\}, &handler.EnqueueRequestForObject\{\}\) on a controller For v1.Secret enqueues each ConfigMap's own name`
		Complete(r)
}
