// Package nomanager lists by a field without any index, but no manager
// of the module runs it: silent.
package nomanager

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Unindexed lists Pods by node.
func Unindexed(ctx context.Context, c client.Client) error {
	var pods corev1.PodList
	return c.List(ctx, &pods, client.MatchingFields{"spec.nodeName": "n"})
}
