package refs

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// The reconciles below read the first owner of an object fetched from the
// API server. An object may have no owner references (a user made it, or
// its owner was deleted with --cascade=orphan): the index panics on it in
// every reconcile of that object.

type PodReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// Bad: the field, indexed after r.Get.
func (r *PodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	owner := pod.OwnerReferences[0] // want `owner references indexed at 0 without a test of their length: the index panics \(out of range\) when the object has no owner references`
	rs := &appsv1.ReplicaSet{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: pod.Namespace, Name: owner.Name}, rs); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

type RSReconciler struct {
	client.Client
}

// Bad: the getter, indexed on a listed item.
func (r *RSReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var pods corev1.PodList
	if err := r.List(ctx, &pods, client.InNamespace(req.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	for i := range pods.Items {
		if pods.Items[i].GetOwnerReferences()[0].Name != req.Name { // want `owner references indexed at 0 without a test of their length: the index panics \(out of range\) when the object has no owner references`
			continue
		}
		if err := r.Delete(ctx, &pods.Items[i]); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

// Twins: the same reconciles, with the length tested or no index.

type GuardedPodReconciler struct {
	client.Client
}

// Twin: len(...) > 0.
func (r *GuardedPodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if len(pod.OwnerReferences) > 0 {
		ctrl.LoggerFrom(ctx).Info("owned", "owner", pod.OwnerReferences[0].Name)
	}
	return ctrl.Result{}, nil
}

type EarlyReturnReconciler struct {
	client.Client
}

// Twin: == 0 returns first.
func (r *EarlyReturnReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if len(pod.GetOwnerReferences()) == 0 {
		return ctrl.Result{}, nil
	}
	owner := pod.GetOwnerReferences()[0]
	ctrl.LoggerFrom(ctx).Info("owned", "owner", owner.Name)
	return ctrl.Result{}, nil
}

type RangeReconciler struct {
	client.Client
}

// Twin: a range loop over the references.
func (r *RangeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var pods corev1.PodList
	if err := r.List(ctx, &pods, client.InNamespace(req.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	for i := range pods.Items {
		for _, ref := range pods.Items[i].OwnerReferences {
			if ref.Name == req.Name {
				ctrl.LoggerFrom(ctx).Info("owned", "pod", pods.Items[i].Name)
			}
		}
	}
	return ctrl.Result{}, nil
}

type ControllerOfReconciler struct {
	client.Client
}

// Twin: metav1.GetControllerOf, tested against nil.
func (r *ControllerOfReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	ref := metav1.GetControllerOf(pod)
	if ref == nil {
		return ctrl.Result{}, nil
	}
	ctrl.LoggerFrom(ctx).Info("owned", "owner", ref.Name)
	return ctrl.Result{}, nil
}

type BuiltReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// Twin: the ConfigMap the reconcile builds, with the owner reference it
// set just before: it has one.
func (r *BuiltReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &appsv1.Deployment{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: app.Name, Namespace: app.Namespace}}
	if err := controllerutil.SetControllerReference(app, cm, r.Scheme); err != nil {
		return ctrl.Result{}, err
	}
	cm.OwnerReferences[0].BlockOwnerDeletion = nil
	return ctrl.Result{}, r.Create(ctx, cm)
}
