// Package user fills remote's fields and calls its functions: the
// manager's client into Client, a client of its own into RemoteClient.
package user

import (
	"context"

	"k8s.io/client-go/rest"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/requests/remote"
)

type Reconciler struct { // want Reconciler:`^wiring\(Get\(Service\) Patch\(Node\) List\(Pod\) request\(services:get\) request\(pods:list\)\)$`
	client.Client
	Workload *rest.Config
}

// Reconcile gives remote the manager's client for the Service and the Pod
// list, and a workload cluster's client for the Node patch: that request
// asks nothing of the manager.
func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`^wiring\(clientUse\(unknown\)\)$`
	workload, err := client.New(r.Workload, client.Options{})
	if err != nil {
		return ctrl.Result{}, err
	}
	h := &remote.Helper{Client: r.Client, RemoteClient: workload}
	if err := h.Cordon(ctx, req.Name); err != nil {
		return ctrl.Result{}, err
	}
	_, err = remote.Pods(ctx, r.Client)
	return ctrl.Result{}, err
}
