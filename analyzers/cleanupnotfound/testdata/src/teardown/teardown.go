// Package teardown holds cleanup helpers another package's deletion
// branch calls.
package teardown

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// DeleteConfig deletes the ConfigMap name and passes its NotFound on.
func DeleteConfig(ctx context.Context, c client.Client, ns, name string) error {
	return c.Delete(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: name}})
}

// DeleteConfigIfAny deletes it, a ConfigMap already gone being deleted.
func DeleteConfigIfAny(ctx context.Context, c client.Client, ns, name string) error {
	return client.IgnoreNotFound(c.Delete(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: name}}))
}

// PodsOf lists the Pods of namespace ns: every one existed when it ran.
func PodsOf(ctx context.Context, c client.Client, ns string) ([]corev1.Pod, error) {
	var pods corev1.PodList
	if err := c.List(ctx, &pods, client.InNamespace(ns)); err != nil {
		return nil, err
	}
	return pods.Items, nil
}
