package watches

import (
	"context"
	"fmt"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/source"
)

type StatefulSetReconciler struct {
	client.Client
	Trigger chan event.GenericEvent
}

func (r *StatefulSetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

// Twins: events mapped to the For object, a channel of For objects, the
// For type's own events.
func (r *StatefulSetReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&appsv1.StatefulSet{}).
		Watches(&corev1.Pod{}, handler.EnqueueRequestForOwner(mgr.GetScheme(), mgr.GetRESTMapper(), &appsv1.StatefulSet{}, handler.OnlyControllerOwner())).
		Watches(&corev1.ConfigMap{}, handler.EnqueueRequestsFromMapFunc(func(ctx context.Context, o client.Object) []reconcile.Request {
			return []reconcile.Request{{NamespacedName: client.ObjectKey{Namespace: o.GetNamespace(), Name: o.GetLabels()["app"]}}}
		})).
		Watches(&appsv1.StatefulSet{}, &handler.EnqueueRequestForObject{}).
		WatchesRawSource(source.Channel(r.Trigger, &handler.EnqueueRequestForObject{})).
		Complete(r)
}

// An unstructured For may be any kind: not judged.
type AnyReconciler struct {
	client.Client
}

func (r *AnyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

func (r *AnyReconciler) SetupWithManager(mgr ctrl.Manager) error {
	u := &unstructured.Unstructured{}
	u.SetAPIVersion("example.com/v1")
	u.SetKind("Widget")
	return ctrl.NewControllerManagedBy(mgr).
		For(u).
		Watches(&corev1.Secret{}, &handler.EnqueueRequestForObject{}).
		Complete(r)
}

// A reconcile that never reads its request syncs everything on any
// event: whichever key is enqueued will do.
type SyncAllReconciler struct {
	client.Client
}

func (r *SyncAllReconciler) Reconcile(ctx context.Context, _ ctrl.Request) (ctrl.Result, error) {
	var namespaces corev1.NamespaceList
	return ctrl.Result{}, r.List(ctx, &namespaces)
}

func (r *SyncAllReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.Namespace{}).
		Watches(&corev1.ConfigMap{}, &handler.EnqueueRequestForObject{}).
		Complete(r)
}

// A reconcile that only logs its request syncs everything too
// (fluent-operator's config controllers).
type LoggedSyncAllReconciler struct {
	client.Client
}

func (r *LoggedSyncAllReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	log := logf.FromContext(ctx).WithValues("request", req.NamespacedName)
	log.Info("syncing every namespace", "trigger", fmt.Sprintf("%s/%s", req.Namespace, req.Name))
	var namespaces corev1.NamespaceList
	return ctrl.Result{}, r.List(ctx, &namespaces)
}

func (r *LoggedSyncAllReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.Namespace{}).
		Watches(&corev1.ConfigMap{}, &handler.EnqueueRequestForObject{}).
		Complete(r)
}
