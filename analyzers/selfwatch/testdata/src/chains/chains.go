package chains

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Reconciler struct {
	client.Client
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

func (r *Reconciler) mapToNamespaces(ctx context.Context, obj client.Object) []reconcile.Request {
	return nil
}

// --- one-expression chain, Owns of the For type ---

func OwnsSelf(mgr ctrl.Manager, r *Reconciler) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.Namespace{}).
		Owns(&corev1.Namespace{}). // want `Owns\(&corev1.Namespace\{\}\) watches the For type v1.Namespace again: requests from both sources land in one Reconcile that cannot tell owner from owned`
		Complete(r)
}

func OwnsOther(mgr ctrl.Manager, r *Reconciler) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.Namespace{}).
		Owns(&corev1.ConfigMap{}).
		Complete(r)
}

// --- Watches of the For type mapped to its owner ---

func WatchesOwnerSelf(mgr ctrl.Manager, r *Reconciler) error {
	return builder.ControllerManagedBy(mgr).
		For(&corev1.Namespace{}).
		Watches(&corev1.Namespace{}, handler.EnqueueRequestForOwner(mgr.GetScheme(), mgr.GetRESTMapper(), &corev1.Namespace{}, handler.OnlyControllerOwner())). // want `Watches\(&corev1.Namespace\{\}, handler.EnqueueRequestForOwner\(…\)\) maps events of the For type v1.Namespace to their owners`
		Complete(r)
}

func WatchesOwnerOther(mgr ctrl.Manager, r *Reconciler) error {
	return builder.ControllerManagedBy(mgr).
		For(&corev1.Namespace{}).
		Watches(&corev1.ConfigMap{}, handler.EnqueueRequestForOwner(mgr.GetScheme(), mgr.GetRESTMapper(), &corev1.Namespace{}, handler.OnlyControllerOwner())).
		Complete(r)
}

// --- chain split over statements and an if ---

func SplitSelf(mgr ctrl.Manager, r *Reconciler, owned bool) error {
	b := ctrl.NewControllerManagedBy(mgr).For(&appsv1.Deployment{})
	if owned {
		b = b.Owns(&appsv1.Deployment{}) // want `Owns\(&appsv1.Deployment\{\}\) watches the For type v1.Deployment again`
	}
	return b.Complete(r)
}

func SplitOther(mgr ctrl.Manager, r *Reconciler, owned bool) error {
	b := ctrl.NewControllerManagedBy(mgr).For(&appsv1.Deployment{})
	if owned {
		b = b.Owns(&appsv1.ReplicaSet{})
	}
	return b.Complete(r)
}

// --- typed builder and typed owner handler ---

func TypedSelf(mgr ctrl.Manager, r *Reconciler) error {
	dep := &appsv1.Deployment{}
	return builder.TypedControllerManagedBy[reconcile.Request](mgr).
		For(dep).
		Watches(&appsv1.Deployment{}, handler.TypedEnqueueRequestForOwner[client.Object](mgr.GetScheme(), mgr.GetRESTMapper(), &corev1.Namespace{})). // want `maps events of the For type v1.Deployment to their owners`
		Complete(r)
}

func TypedOther(mgr ctrl.Manager, r *Reconciler) error {
	dep := &appsv1.Deployment{}
	return builder.TypedControllerManagedBy[reconcile.Request](mgr).
		For(dep).
		Watches(&corev1.Pod{}, handler.TypedEnqueueRequestForOwner[client.Object](mgr.GetScheme(), mgr.GetRESTMapper(), &appsv1.Deployment{})).
		Complete(r)
}

// --- Watches of the For type with EnqueueRequestForObject: a duplicate source ---

func DuplicateSource(mgr ctrl.Manager, r *Reconciler) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.Secret{}).
		Watches(&corev1.Secret{}, &handler.EnqueueRequestForObject{}). // want `Watches\(&corev1.Secret\{\}, &handler.EnqueueRequestForObject\{\}\) duplicates the For source of v1.Secret`
		Complete(r)
}

func ObjectHandlerOther(mgr ctrl.Manager, r *Reconciler) error {
	return ctrl.NewControllerManagedBy(mgr).
		Named("secrets").
		Watches(&corev1.Secret{}, &handler.EnqueueRequestForObject{}).
		Complete(r)
}

// --- deliberate mapping between objects of one kind: silent ---

func MapFuncSelf(mgr ctrl.Manager, r *Reconciler) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.Namespace{}).
		Watches(&corev1.Namespace{}, handler.EnqueueRequestsFromMapFunc(r.mapToNamespaces)).
		Complete(r)
}

// --- unknown or run-time kinds: silent ---

func UnknownFor(mgr ctrl.Manager, r *Reconciler, obj client.Object) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(obj).
		Owns(&corev1.Namespace{}).
		Complete(r)
}

func UnstructuredKinds(mgr ctrl.Manager, r *Reconciler) error {
	parent := &unstructured.Unstructured{}
	parent.SetAPIVersion("example.com/v1")
	parent.SetKind("Parent")
	child := &unstructured.Unstructured{}
	child.SetAPIVersion("example.com/v1")
	child.SetKind("Child")
	return ctrl.NewControllerManagedBy(mgr).
		For(parent).
		Owns(child).
		Complete(r)
}

// --- two controllers in one function are two chains: silent ---

func TwoControllers(mgr ctrl.Manager, r *Reconciler) error {
	if err := ctrl.NewControllerManagedBy(mgr).For(&corev1.Namespace{}).Complete(r); err != nil {
		return err
	}
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.ConfigMap{}).
		Owns(&corev1.Namespace{}).
		Complete(r)
}

// --- the second source added by a helper ---

func ownNamespaces(b *builder.Builder) *builder.Builder {
	return b.Owns(&corev1.Namespace{}) // want `Owns\(&corev1.Namespace\{\}\) watches the For type v1.Namespace again`
}

func HelperSelf(mgr ctrl.Manager, r *Reconciler) error {
	return ownNamespaces(ctrl.NewControllerManagedBy(mgr).For(&corev1.Namespace{})).Complete(r)
}

func ownQuotas(b *builder.Builder) *builder.Builder {
	return b.Owns(&corev1.ResourceQuota{})
}

func HelperOther(mgr ctrl.Manager, r *Reconciler) error {
	return ownQuotas(ctrl.NewControllerManagedBy(mgr).For(&corev1.Namespace{})).Complete(r)
}

// The module makes namespaces and deployments the controllers of others
// of their kind: the owner sources above fire, and a reconcile that builds
// owner references from the request makes objects own themselves.
func adopt(parent, child *corev1.Namespace, pd, cd *appsv1.Deployment, s *runtime.Scheme) error {
	if err := controllerutil.SetControllerReference(parent, child, s); err != nil {
		return err
	}
	return controllerutil.SetControllerReference(pd, cd, s)
}
