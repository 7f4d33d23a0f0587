// Package remote works on two clusters: the management cluster through
// Client, a workload cluster through RemoteClient. Which client a field or
// parameter holds is known only where the Helper is made and the
// functions called: the requests wait for it (their Via).
package remote

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Helper struct { // want Helper:`^wiring\(Get\(Service\) Patch\(Node\) request\(services:get\) request\(nodes:patch\)\)$`
	Client       client.Client
	RemoteClient client.Client
}

// Cordon reads a Service through Client and patches a Node through
// RemoteClient.
func (d *Helper) Cordon(ctx context.Context, name string) error { // want Cordon:`^wiring\(clientUse\(Patch Node, read Service\)\)$`
	if err := d.Client.Get(ctx, types.NamespacedName{Name: name}, &corev1.Service{}); err != nil {
		return err
	}
	node := &corev1.Node{}
	node.Name = name
	return d.RemoteClient.Patch(ctx, node, client.Merge)
}

// Pods lists through the reader it is given: a cached list of the
// manager's client when its caller gives that.
func Pods(ctx context.Context, c client.Reader) (int, error) { // want Pods:`^wiring\(List\(Pod\) request\(pods:list\) clientUse\(read Pod\)\)$`
	var list corev1.PodList
	err := c.List(ctx, &list)
	return len(list.Items), err
}
