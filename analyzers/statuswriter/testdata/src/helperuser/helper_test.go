package helperuser

import (
	"context"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"fixtures/fakeclient"
	"fixtures/testutil"
)

var meta = metav1.ObjectMeta{Namespace: "default", Name: "x"}

func TestHelperPackage(t *testing.T) {
	ctx := context.Background()
	c := testutil.NewClient()
	g := &fakeclient.Gadget{ObjectMeta: meta}
	if err := c.Create(ctx, g); err != nil {
		t.Fatal(err)
	}
	g.Status.Phase = "Ready"
	if err := c.Update(ctx, g); err != nil {
		t.Fatal(err)
	}
	w := &fakeclient.Widget{ObjectMeta: meta}
	if err := c.Create(ctx, w); err != nil {
		t.Fatal(err)
	}
	w.Status.Phase = "Ready"
	if err := c.Update(ctx, w); err != nil { // want `only .Status of w was changed`
		t.Fatal(err)
	}
}

func TestPlainHelper(t *testing.T) {
	ctx := context.Background()
	c, err := testutil.NewPlainClient()
	if err != nil {
		t.Fatal(err)
	}
	w := &fakeclient.Widget{ObjectMeta: meta}
	if err := c.Create(ctx, w); err != nil {
		t.Fatal(err)
	}
	w.Status.Phase = "Ready"
	if err := c.Update(ctx, w); err != nil {
		t.Fatal(err)
	}
}
