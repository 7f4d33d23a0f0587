// Package indexing registers indexes through function values of
// IndexField's type.
package indexing

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

const routeKey = "RouteToConfigMap"

// Apply calls its parameter as IndexField, once per key (envoyproxy/
// ai-gateway's ApplyIndexing): each call is a registration of its type
// and constant key.
func Apply(ctx context.Context, indexer func(context.Context, client.Object, string, client.IndexerFunc) error) error { // want Apply:`wiring\(index\(ConfigMap,"RouteToConfigMap"\) index\(Secret,""\)\)`
	if err := indexer(ctx, &corev1.ConfigMap{}, routeKey, nil); err != nil {
		return err
	}
	return indexer(ctx, &corev1.Secret{}, keyOf(ctx), nil)
}

func keyOf(context.Context) string { return "computed" }

var register func(func(context.Context, client.Object, string, client.IndexerFunc) error) error

// HandOut hands the method value to a function value: it may register
// any index (an Index with neither type nor key).
func HandOut(idx client.FieldIndexer) error { // want HandOut:`wiring\(index\(,""\)\)`
	return register(idx.IndexField)
}

// Direct registers through the method value in place.
func Direct(ctx context.Context, idx client.FieldIndexer) error { // want Direct:`wiring\(index\(Secret,"direct"\)\)`
	f := idx.IndexField
	return f(ctx, &corev1.Secret{}, "direct", nil)
}
