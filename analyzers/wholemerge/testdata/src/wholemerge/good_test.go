package wholemerge

import (
	"context"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
)

// A test's fake client: no API server's conflicts, nothing to report.
func TestPatch(t *testing.T) {
	ctx := context.Background()
	c := fake.NewClientBuilder().WithObjects(&corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "a", Namespace: "ns"}}).Build()
	cm := &corev1.ConfigMap{}
	if err := c.Get(ctx, types.NamespacedName{Name: "a", Namespace: "ns"}, cm); err != nil {
		t.Fatal(err)
	}
	cm.Data = map[string]string{"mode": "on"}
	if err := c.Patch(ctx, cm, client.Merge); err != nil {
		t.Fatal(err)
	}
}
