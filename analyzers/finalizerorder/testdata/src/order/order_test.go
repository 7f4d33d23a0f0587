package order

import (
	"context"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// Tests write to fakes: not checked.
func TestAdd(t *testing.T) {
	c := fake.NewClientBuilder().Build()
	cm := &corev1.ConfigMap{}
	if err := c.Get(context.Background(), types.NamespacedName{Name: "x"}, cm); err != nil {
		t.Skip()
	}
	controllerutil.AddFinalizer(cm, appFinalizer)
	_ = c.Update(context.Background(), cm)
}
