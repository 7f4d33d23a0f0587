package loadbalancer // want package:`conditions\(k8s.io/api/core/v1.Service spec.type=LoadBalancer\)`

// This package is an operator that exposes what its ConfigMap describes
// through a Service of type LoadBalancer: the service controller writes that
// Service's status (the load balancer's address) and a finalizer, so a
// whole-object Update of a stale copy conflicts with it.

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// EdgeReconciler is For ConfigMaps (its configuration) and owns the
// Services it creates.
type EdgeReconciler struct {
	client.Client
}

func (r *EdgeReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.ConfigMap{}).
		Owns(&corev1.Service{}).
		Complete(r)
}

func (r *EdgeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	svc := &corev1.Service{}
	svc.Namespace, svc.Name = cm.Namespace, cm.Name
	svc.Spec.Type = corev1.ServiceTypeLoadBalancer
	if err := controllerutil.SetControllerReference(cm, svc, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, client.IgnoreAlreadyExists(r.Create(ctx, svc))
}

// Reported: the Services this package makes are LoadBalancers, and the
// code does not set the type of the one it fetched.
func (r *EdgeReconciler) setPorts(ctx context.Context, key types.NamespacedName) error {
	svc := &corev1.Service{}
	if err := r.Get(ctx, key, svc); err != nil {
		return err
	}
	svc.Spec.Ports = []corev1.ServicePort{{Name: "https", Port: 443}}
	return r.Update(ctx, svc) // want `Update writes the whole v1.Service, whose status the service controller also writes \(when its spec.type is LoadBalancer, which this code may set\)`
}

// Reported: the type is set from data, which may say LoadBalancer.
func (r *EdgeReconciler) setType(ctx context.Context, key types.NamespacedName, typ corev1.ServiceType) error {
	svc := &corev1.Service{}
	if err := r.Get(ctx, key, svc); err != nil {
		return err
	}
	svc.Spec.Type = typ
	return r.Update(ctx, svc) // want `Update writes the whole v1.Service, whose status the service controller also writes`
}

// Twin, not reported: on its way to the Update the Service becomes a
// ClusterIP one, which the service controller leaves alone, and the
// package creates Services with an owner reference.
func (r *EdgeReconciler) internalOnly(ctx context.Context, key types.NamespacedName) error {
	svc := &corev1.Service{}
	if err := r.Get(ctx, key, svc); err != nil {
		return err
	}
	svc.Spec.Type = corev1.ServiceTypeClusterIP
	return r.Update(ctx, svc)
}

// Twin, not reported although the package makes LoadBalancers: this
// function creates the Service when it finds none, as a ClusterIP one
// (argocd-operator's repo server Service), and updates only what it
// fetched: the Service is as this function makes it.
func (r *EdgeReconciler) getOrCreateInternal(ctx context.Context, key types.NamespacedName) error {
	svc := &corev1.Service{}
	if err := r.Get(ctx, key, svc); err == nil {
		svc.Annotations = map[string]string{"example.com/tls": "auto"}
		return r.Update(ctx, svc)
	}
	svc.Namespace, svc.Name = key.Namespace, key.Name
	svc.Spec.Type = corev1.ServiceTypeClusterIP
	return r.Create(ctx, svc)
}

// Reported: the same get-or-create, with the type it creates taken from
// data.
func (r *EdgeReconciler) getOrCreateTyped(ctx context.Context, key types.NamespacedName, typ corev1.ServiceType) error {
	svc := &corev1.Service{}
	if err := r.Get(ctx, key, svc); err == nil {
		svc.Annotations = map[string]string{"example.com/tls": "auto"}
		return r.Update(ctx, svc) // want `whose status the service controller also writes \(when its spec.type is LoadBalancer`
	}
	svc.Namespace, svc.Name = key.Namespace, key.Name
	svc.Spec.Type = typ
	return r.Create(ctx, svc)
}

func internalSpec() corev1.ServiceSpec {
	return corev1.ServiceSpec{
		Type:  corev1.ServiceTypeClusterIP,
		Ports: []corev1.ServicePort{{Name: "metrics", Port: 8080}},
	}
}

func edgeSpec() corev1.ServiceSpec {
	return corev1.ServiceSpec{
		Type:  corev1.ServiceTypeLoadBalancer,
		Ports: []corev1.ServicePort{{Name: "https", Port: 443}},
	}
}

// Twin, not reported: the type set is the ClusterIP of the spec a
// function of the package builds (argocd-operator's metrics Services).
func (r *EdgeReconciler) fromSpec(ctx context.Context, key types.NamespacedName) error {
	svc := &corev1.Service{}
	if err := r.Get(ctx, key, svc); err != nil {
		return err
	}
	want := internalSpec()
	svc.Spec.Type = want.Type
	svc.Spec.Ports = want.Ports
	return r.Update(ctx, svc)
}

// Reported: the spec built says LoadBalancer.
func (r *EdgeReconciler) fromEdgeSpec(ctx context.Context, key types.NamespacedName) error {
	svc := &corev1.Service{}
	if err := r.Get(ctx, key, svc); err != nil {
		return err
	}
	want := edgeSpec()
	svc.Spec.Type = want.Type
	return r.Update(ctx, svc) // want `whose status the service controller also writes \(when its spec.type is LoadBalancer`
}

// Twin, not reported: the get-or-create builds a headless Service with a
// nested literal that sets no type (kubernetes-sigs/agent-sandbox's
// sandbox Service): its fields are known, the type is the default.
func (r *EdgeReconciler) getOrCreateHeadless(ctx context.Context, key types.NamespacedName) error {
	svc := &corev1.Service{}
	if err := r.Get(ctx, key, svc); err == nil {
		svc.Annotations = map[string]string{"example.com/tls": "auto"}
		return r.Update(ctx, svc)
	}
	svc = &corev1.Service{
		ObjectMeta: metav1.ObjectMeta{Namespace: key.Namespace, Name: key.Name},
		Spec: corev1.ServiceSpec{
			ClusterIP: corev1.ClusterIPNone,
			Selector:  map[string]string{"app": key.Name},
		},
	}
	return r.Create(ctx, svc)
}

// Reported: the nested literal takes its type from data.
func (r *EdgeReconciler) getOrCreateLiteralTyped(ctx context.Context, key types.NamespacedName, typ corev1.ServiceType) error {
	svc := &corev1.Service{}
	if err := r.Get(ctx, key, svc); err == nil {
		svc.Annotations = map[string]string{"example.com/tls": "auto"}
		return r.Update(ctx, svc) // want `whose status the service controller also writes \(when its spec.type is LoadBalancer`
	}
	svc = &corev1.Service{
		ObjectMeta: metav1.ObjectMeta{Namespace: key.Namespace, Name: key.Name},
		Spec:       corev1.ServiceSpec{Type: typ},
	}
	return r.Create(ctx, svc)
}
