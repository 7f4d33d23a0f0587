package fakeclient

import (
	"context"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"

	"fixtures/api"
)

// The fake client is given Gadget with WithStatusSubresource: it serves
// Gadget's status, whatever the CRD has.
func TestRegistered(t *testing.T) {
	ctx := context.Background()
	c := fake.NewClientBuilder().WithStatusSubresource(&api.Gadget{}).Build()
	g := &api.Gadget{ObjectMeta: metav1.ObjectMeta{Name: "g"}}
	g.Status.Ready = true
	if err := c.Status().Update(ctx, g); err != nil {
		t.Fatal(err)
	}
}

// Twin: not registered, the fake client answers NotFound as the API
// server would.
func TestNotRegistered(t *testing.T) {
	ctx := context.Background()
	c := fake.NewClientBuilder().WithStatusSubresource(&api.Widget{}).Build()
	g := &api.Gadget{ObjectMeta: metav1.ObjectMeta{Name: "g"}}
	g.Status.Ready = true
	if err := c.Status().Update(ctx, g); err != nil { // want `status subresource of api.Gadget`
		t.Fatal(err)
	}
}

// Twin: a real client.
func TestRealClient(t *testing.T) {
	ctx := context.Background()
	c, err := client.New(&rest.Config{}, client.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g := &api.Gadget{ObjectMeta: metav1.ObjectMeta{Name: "g"}}
	g.Status.Ready = true
	if err := c.Status().Update(ctx, g); err != nil { // want `status subresource of api.Gadget`
		t.Fatal(err)
	}
}
