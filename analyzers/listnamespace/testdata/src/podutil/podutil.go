// Package podutil holds helpers the reconcilers hand the listed Pods to.
package podutil

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// MarkStale labels a Pod stale and updates it.
func MarkStale(ctx context.Context, c client.Client, pod *corev1.Pod) error {
	if pod.Labels == nil {
		pod.Labels = map[string]string{}
	}
	pod.Labels["example.com/stale"] = "true"
	return c.Update(ctx, pod)
}

// Count only reads the Pods.
func Count(pods []corev1.Pod) int { return len(pods) }
