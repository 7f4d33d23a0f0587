// Package testutil: helpers of a module's tests that mark Pods ready, as
// lws's test/testutils does. The kubelet writes a Pod's status.
package testutil

import (
	"context"

	"github.com/onsi/gomega"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Silent: gomega's Eventually runs the Get and the Update again until
// the Update succeeds, a conflict included.
func LabelEventually(ctx context.Context, c client.Client, key types.NamespacedName) {
	gomega.Eventually(func() error {
		var pod corev1.Pod
		if err := c.Get(ctx, key, &pod); err != nil {
			return err
		}
		pod.Labels = map[string]string{"ready": "true"}
		return c.Update(ctx, &pod)
	}).Should(gomega.Succeed())
}

// Reported: the same Update once.
func LabelOnce(ctx context.Context, c client.Client, key types.NamespacedName) error {
	var pod corev1.Pod
	if err := c.Get(ctx, key, &pod); err != nil {
		return err
	}
	pod.Labels = map[string]string{"ready": "true"}
	return c.Update(ctx, &pod) // want `Update writes the whole v1.Pod, whose status the kubelet also writes`
}
