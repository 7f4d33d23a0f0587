// Package drain works on two clusters, like cluster-api's drain helper:
// the management cluster through Client, a workload cluster through
// RemoteClient. Which client a field holds is known only where the
// Helper is made.
package drain

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Helper struct { // requests (wiring's fact): services:get nodes:patch services:patch nodes:get
	Client       client.Client
	RemoteClient client.Client
}

// Cordon reads a Service of the management cluster and patches a Node of
// the workload cluster.
func (d *Helper) Cordon(ctx context.Context, name string) error {
	if err := d.Client.Get(ctx, types.NamespacedName{Name: name}, &corev1.Service{}); err != nil {
		return err
	}
	node := &corev1.Node{}
	node.Name = name
	return d.RemoteClient.Patch(ctx, node, client.Merge)
}

// Label patches a Service through Client, which the reconciler of
// package crew fills with the manager's client.
func (d *Helper) Label(ctx context.Context, svc *corev1.Service) error {
	return d.Client.Patch(ctx, svc, client.Merge)
}

// NodeReady reads a Node through the client it is given: crew gives it
// the workload cluster's client, so the Node get needs nothing of the
// manager's role.
func NodeReady(ctx context.Context, c client.Client, name string) (bool, error) { // requests (wiring's fact): nodes:get
	node := &corev1.Node{}
	if err := c.Get(ctx, types.NamespacedName{Name: name}, node); err != nil {
		return false, err
	}
	return !node.Spec.Unschedulable, nil
}

// CountEndpoints lists Endpoints through the client it is given: crew
// gives it the manager's.
func CountEndpoints(ctx context.Context, c client.Reader) (int, error) { // requests (wiring's fact): endpoints:list
	var list corev1.EndpointsList
	err := c.List(ctx, &list)
	return len(list.Items), err
}

// Ready asks NodeReady, of this package, with the workload cluster's
// client: the condition on NodeReady's parameter becomes one on the
// field, which crew settles.
func (d *Helper) Ready(ctx context.Context, name string) (bool, error) {
	return NodeReady(ctx, d.RemoteClient, name)
}

// Pool is made by crew, whose code never calls Upgrading: the Node get
// waits for a caller with the manager's client that the binary does not
// have, so it is not charged.
type Pool struct { // requests (wiring's fact): nodes:get
	Nodes []string
}

func (p *Pool) Upgrading(ctx context.Context, c client.Reader) (bool, error) {
	for _, name := range p.Nodes {
		if err := c.Get(ctx, types.NamespacedName{Name: name}, &corev1.Node{}); err != nil {
			return false, err
		}
	}
	return false, nil
}
