package fakeclient

import (
	"context"
	"sync"
	"testing"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
)

// newWidgetClient registers only Widget's status subresource: the fake's
// Update of a Gadget stores its status.
func newWidgetClient(objs ...client.Object) client.WithWatch {
	return fake.NewClientBuilder().WithObjects(objs...).WithStatusSubresource(&Widget{}).Build()
}

func newGadgetStatusClient(objs ...client.Object) client.WithWatch {
	return fake.NewClientBuilder().WithObjects(objs...).WithStatusSubresource(&Gadget{}).Build()
}

// A reconciler built by a local closure the test calls, in a subtest.
func TestClosureReconciler(t *testing.T) {
	ctx := context.Background()
	newReconciler := func(objs ...client.Object) *GadgetReconciler {
		return &GadgetReconciler{Client: newWidgetClient(objs...)}
	}
	t.Run("status stored", func(t *testing.T) {
		g := &Gadget{ObjectMeta: meta}
		r := newReconciler(g)
		if err := r.Get(ctx, client.ObjectKeyFromObject(g), g); err != nil {
			t.Fatal(err)
		}
		g.Status.Phase = "Ready"
		if err := r.Update(ctx, g); err != nil {
			t.Fatal(err)
		}
	})
}

// Twin: the closure's fake has Gadget's status subresource.
func TestClosureReconcilerRegistered(t *testing.T) {
	ctx := context.Background()
	newReconciler := func(objs ...client.Object) *GadgetReconciler {
		return &GadgetReconciler{Client: newGadgetStatusClient(objs...)}
	}
	t.Run("status dropped", func(t *testing.T) {
		g := &Gadget{ObjectMeta: meta}
		r := newReconciler(g)
		if err := r.Get(ctx, client.ObjectKeyFromObject(g), g); err != nil {
			t.Fatal(err)
		}
		g.Status.Phase = "Ready"
		if err := r.Update(ctx, g); err != nil { // want `only .Status of g was changed`
			t.Fatal(err)
		}
	})
}

// laggingClient embeds the fake and overrides only Create and List: its
// Update is the fake's.
type laggingClient struct {
	client.WithWatch

	mu      sync.Mutex
	creates int
}

func newLaggingClient(inner client.WithWatch) *laggingClient {
	return &laggingClient{WithWatch: inner}
}

func (c *laggingClient) Create(ctx context.Context, obj client.Object, opts ...client.CreateOption) error {
	if err := c.WithWatch.Create(ctx, obj, opts...); err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.creates++
	return nil
}

func (c *laggingClient) List(ctx context.Context, list client.ObjectList, opts ...client.ListOption) error {
	return c.WithWatch.List(ctx, list, opts...)
}

func TestWrappedClient(t *testing.T) {
	ctx := context.Background()
	lc := newLaggingClient(newWidgetClient())
	r := GadgetReconciler{Client: lc}
	t.Run("status stored", func(t *testing.T) {
		g := &Gadget{ObjectMeta: meta}
		if err := r.Create(ctx, g); err != nil {
			t.Fatal(err)
		}
		g.Status.Phase = "Ready"
		// Plain Update: the fake has no status subresource for Gadget.
		if err := r.Update(ctx, g); err != nil {
			t.Fatal(err)
		}
	})
	// The wrapper and the reconciler made in the subtest, the reconciler's
	// address taken by a call of its method.
	t.Run("in the subtest", func(t *testing.T) {
		lc := newLaggingClient(newWidgetClient())
		r := GadgetReconciler{Client: lc}
		g := &Gadget{ObjectMeta: meta}
		if err := r.markReadyStatus(ctx, g); err != nil {
			t.Fatal(err)
		}
		g.Status.Phase = "Done"
		if err := r.Update(ctx, g); err != nil {
			t.Fatal(err)
		}
	})
}

// Twin: a wrapper that embeds a fake with Gadget's status subresource.
type countingClient struct {
	client.WithWatch
}

func TestWrappedRegisteredClient(t *testing.T) {
	ctx := context.Background()
	r := GadgetReconciler{Client: &countingClient{WithWatch: newGadgetStatusClient()}}
	g := &Gadget{ObjectMeta: meta}
	if err := r.Create(ctx, g); err != nil {
		t.Fatal(err)
	}
	g.Status.Phase = "Ready"
	if err := r.Update(ctx, g); err != nil { // want `only .Status of g was changed`
		t.Fatal(err)
	}
}

// Twin: a wrapper that overrides Update is not the fake.
type conflictingClient struct {
	client.WithWatch
	updates int
}

func (c *conflictingClient) Update(ctx context.Context, obj client.Object, opts ...client.UpdateOption) error {
	c.updates++
	return c.WithWatch.Update(ctx, obj, opts...)
}

func TestOverridingWrapper(t *testing.T) {
	ctx := context.Background()
	r := GadgetReconciler{Client: &conflictingClient{WithWatch: newWidgetClient()}}
	g := &Gadget{ObjectMeta: meta}
	if err := r.Create(ctx, g); err != nil {
		t.Fatal(err)
	}
	g.Status.Phase = "Ready"
	if err := r.Update(ctx, g); err != nil { // want `only .Status of g was changed`
		t.Fatal(err)
	}
}
