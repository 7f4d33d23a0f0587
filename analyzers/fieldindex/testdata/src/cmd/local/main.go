// Command local lists in main itself: the finding is at the List.
package main

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func main() {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})
	if err != nil {
		return
	}
	go func() {
		var nodes corev1.NodeList
		_ = mgr.GetClient().List(context.Background(), &nodes, client.MatchingFields{"spec.unschedulable": "true"}) // want `List of v1\.Node by field "spec\.unschedulable"`
	}()
	_ = mgr.Start(ctrl.SetupSignalHandler())
}
