package controller

import (
	"context"
	"testing"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
)

func nodeName(o client.Object) []string { return []string{o.(*corev1.Pod).Spec.NodeName} }

func owner(o client.Object) []string { return []string{o.GetLabels()["owner"]} }

func secretType(o client.Object) []string { return []string{string(o.(*corev1.Secret).Type)} }

// The fake lacks the ConfigMap and Secret indexes.
func TestReconcileMissing(t *testing.T) {
	c := fake.NewClientBuilder().WithIndex(&corev1.Pod{}, "spec.nodeName", nodeName).Build() // want `fake client given to PodReconciler is built without WithIndex\(&v1\.ConfigMap\{\}, "\.metadata\.owner", \.\.\.\), which the List at pods\.go:\d+ that this test runs needs` `without WithIndex\(&v1\.Secret\{\}, "type"`
	r := &PodReconciler{Client: c, APIReader: c}
	_, _ = r.Reconcile(context.Background(), ctrl.Request{})
}

// Every index, the builder changed in place for one of them.
func TestReconcileAll(t *testing.T) {
	b := fake.NewClientBuilder().WithIndex(&corev1.Pod{}, "spec.nodeName", nodeName)
	b.WithIndex(&corev1.ConfigMap{}, OwnerKey, owner)
	c := b.WithIndex(&corev1.Secret{}, "type", secretType).Build()
	r := &PodReconciler{Client: c, APIReader: c}
	_, _ = r.Reconcile(context.Background(), ctrl.Request{})
}

// The test runs a helper that lists nothing: no index is needed.
func TestDescribe(t *testing.T) {
	r := PodReconciler{Client: fake.NewClientBuilder().Build()}
	if r.describe() != "pods" {
		t.Fail()
	}
}

// The fake without indexes fills Client, but Reconcile lists through
// Remote, and the map function that lists through Client is not run.
func TestNodeReconcile(t *testing.T) {
	r := &NodeReconciler{Client: fake.NewClientBuilder().Build(), Remote: remoteFake()}
	_, _ = r.Reconcile(context.Background(), ctrl.Request{})
}

func remoteFake() client.Client {
	return fake.NewClientBuilder().WithIndex(&corev1.Pod{}, "spec.nodeName", nodeName).Build()
}
