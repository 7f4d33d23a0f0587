// Command funcvaluemissing registers through the same function value,
// but only the ConfigMap key: the Secret List is reported.
package main

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"

	"fixtures/indexing"
)

func main() {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{}) // want `List of v1\.Secret by field "SecretToPolicy" \(indexing\.go:\d+\) goes through the manager's cached client, but no IndexField registers "SecretToPolicy" for v1\.Secret:`
	if err != nil {
		return
	}
	if err := indexing.ApplySome(context.Background(), mgr.GetFieldIndexer().IndexField); err != nil {
		return
	}
	_ = (&indexing.RouteReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr)
}
