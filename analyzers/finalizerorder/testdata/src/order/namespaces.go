package order

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const nsFinalizer = "example.com/secrets"

// Namespaces adds its finalizer to the namespaces it provisions, as
// external-secrets' ClusterExternalSecret reconciler does: the loop skips
// (and cleans up) terminating namespaces, and a helper two calls down
// re-reads the namespace by the name it is given before it adds the
// finalizer. The callers handled deletion: not reported.
type Namespaces struct {
	client.Client
}

func (r *Namespaces) provision(ctx context.Context, namespaces []corev1.Namespace) {
	for _, namespace := range namespaces {
		if namespace.DeletionTimestamp != nil {
			_ = r.removeNamespaceFinalizer(ctx, &namespace)
			continue
		}
		_ = r.createOrUpdate(ctx, namespace)
	}
}

func (r *Namespaces) createOrUpdate(ctx context.Context, namespace corev1.Namespace) error {
	return r.ensureNamespaceFinalizer(ctx, &namespace)
}

func (r *Namespaces) ensureNamespaceFinalizer(ctx context.Context, namespace *corev1.Namespace) error {
	if controllerutil.ContainsFinalizer(namespace, nsFinalizer) {
		return nil
	}
	return r.addNamespaceFinalizer(ctx, namespace.Name)
}

func (r *Namespaces) addNamespaceFinalizer(ctx context.Context, name string) error {
	namespace, err := r.getNamespace(ctx, name)
	if err != nil {
		return err
	}
	if controllerutil.AddFinalizer(namespace, nsFinalizer) {
		return r.Update(ctx, namespace)
	}
	return nil
}

func (r *Namespaces) getNamespace(ctx context.Context, name string) (*corev1.Namespace, error) {
	var namespace corev1.Namespace
	err := r.Get(ctx, types.NamespacedName{Name: name}, &namespace)
	return &namespace, err
}

func (r *Namespaces) removeNamespaceFinalizer(ctx context.Context, namespace *corev1.Namespace) error {
	patch := client.MergeFromWithOptions(namespace.DeepCopy(), client.MergeFromWithOptimisticLock{})
	if controllerutil.RemoveFinalizer(namespace, nsFinalizer) {
		return r.Patch(ctx, namespace, patch)
	}
	return nil
}

// Twin, reported: the loop does not look at the namespaces' deletion.
type AllNamespaces struct {
	client.Client
}

func (r *AllNamespaces) provision(ctx context.Context, namespaces []corev1.Namespace) {
	for _, namespace := range namespaces {
		_ = r.addNamespaceFinalizer(ctx, namespace.Name)
	}
}

func (r *AllNamespaces) addNamespaceFinalizer(ctx context.Context, name string) error {
	var namespace corev1.Namespace
	if err := r.Get(ctx, types.NamespacedName{Name: name}, &namespace); err != nil {
		return err
	}
	if controllerutil.AddFinalizer(&namespace, nsFinalizer) { // want `finalizer "example.com/secrets" is added to namespace, and written, before its deletion state is looked at`
		return r.Update(ctx, &namespace)
	}
	return nil
}
