// Command funcvalue registers every index through a function value
// (envoyproxy/ai-gateway's cmd/controller): ApplyIndexing calls its
// parameter with constant keys, read as IndexField calls. Nothing is
// missing.
package main

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"

	"fixtures/indexing"
)

func main() {
	ctx := context.Background()
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})
	if err != nil {
		return
	}
	indexer := mgr.GetFieldIndexer()
	if err := indexing.ApplyIndexing(ctx, indexer.IndexField); err != nil {
		return
	}
	_ = (&indexing.RouteReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr)
}
