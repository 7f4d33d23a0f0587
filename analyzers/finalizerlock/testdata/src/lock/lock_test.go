package lock

import (
	"context"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// Tests patch fakes: not checked.
func TestRemove(t *testing.T) {
	c := fake.NewClientBuilder().Build()
	cm := &corev1.ConfigMap{}
	if err := c.Get(context.Background(), types.NamespacedName{Name: "x"}, cm); err != nil {
		t.Skip()
	}
	orig := cm.DeepCopy()
	controllerutil.RemoveFinalizer(cm, finalizer)
	_ = c.Patch(context.Background(), cm, client.MergeFrom(orig))
}
