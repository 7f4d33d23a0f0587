// Package indexing registers its indexes through a function value of
// IndexField's type, as envoyproxy/ai-gateway's ApplyIndexing does: main
// hands it mgr.GetFieldIndexer().IndexField.
package indexing

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

const (
	routeKey  = "RouteToConfigMap"
	secretKey = "SecretToPolicy"
)

// Indexer is IndexField's signature.
type Indexer func(ctx context.Context, obj client.Object, field string, extract client.IndexerFunc) error

// ApplyIndexing registers both keys the reconciler lists by.
func ApplyIndexing(ctx context.Context, indexer func(ctx context.Context, obj client.Object, field string, extract client.IndexerFunc) error) error {
	if err := indexer(ctx, &corev1.ConfigMap{}, routeKey, byLabel); err != nil {
		return err
	}
	return indexer(ctx, &corev1.Secret{}, secretKey, byLabel)
}

// ApplySome registers only the ConfigMap key: the Secret List has no
// index.
func ApplySome(ctx context.Context, indexer Indexer) error {
	return indexer(ctx, &corev1.ConfigMap{}, routeKey, byLabel)
}

func byLabel(o client.Object) []string { return []string{o.GetLabels()["route"]} }

// RouteReconciler lists by both keys.
type RouteReconciler struct {
	client.Client
}

// Reconcile lists ConfigMaps and Secrets by the registered keys.
func (r *RouteReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cms corev1.ConfigMapList
	if err := r.List(ctx, &cms, client.MatchingFields{routeKey: req.Name}); err != nil {
		return ctrl.Result{}, err
	}
	var secrets corev1.SecretList
	return ctrl.Result{}, r.List(ctx, &secrets, client.MatchingFields{secretKey: req.Name})
}

// SetupWithManager watches ConfigMaps.
func (r *RouteReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{}).Complete(r)
}
