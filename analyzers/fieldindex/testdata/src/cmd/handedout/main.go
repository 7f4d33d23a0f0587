// Command handedout hands indexer.IndexField to a function value: what
// it registers is not seen, so no List is reported.
package main

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/indexing"
)

var register func(context.Context, func(context.Context, client.Object, string, client.IndexerFunc) error) error

func main() {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})
	if err != nil {
		return
	}
	if err := register(context.Background(), mgr.GetFieldIndexer().IndexField); err != nil {
		return
	}
	_ = (&indexing.RouteReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr)
}
