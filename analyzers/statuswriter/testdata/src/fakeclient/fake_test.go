package fakeclient

import (
	"context"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"
)

var meta = metav1.ObjectMeta{Namespace: "default", Name: "x"}

// The builder chain in one expression: Gadget has no status subresource
// in this fake client, so Update stores its status.
func TestSeedGadgetStatus(t *testing.T) {
	ctx := context.Background()
	c := fake.NewClientBuilder().WithScheme(runtime.NewScheme()).WithStatusSubresource(&Widget{}).Build()
	g := &Gadget{ObjectMeta: meta}
	if err := c.Create(ctx, g); err != nil {
		t.Fatal(err)
	}
	g.Status.Phase = "Ready"
	if err := c.Update(ctx, g); err != nil {
		t.Fatal(err)
	}
}

// Twin: Widget is registered with WithStatusSubresource, so the fake
// client drops the status Update writes.
func TestSeedWidgetStatus(t *testing.T) {
	ctx := context.Background()
	c := fake.NewClientBuilder().WithScheme(runtime.NewScheme()).WithStatusSubresource(&Widget{}).Build()
	w := &Widget{ObjectMeta: meta}
	if err := c.Create(ctx, w); err != nil {
		t.Fatal(err)
	}
	w.Status.Phase = "Ready"
	if err := c.Update(ctx, w); err != nil { // want `only .Status of w was changed`
		t.Fatal(err)
	}
}

// NewFakeClient registers nothing: every kind of the module stores its
// status on Update.
func TestNewFakeClient(t *testing.T) {
	ctx := context.Background()
	w := &Widget{ObjectMeta: meta}
	c := fake.NewFakeClient()
	if err := c.Create(ctx, w); err != nil {
		t.Fatal(err)
	}
	w.Status.Phase = "Ready"
	if err := c.Update(ctx, w); err != nil {
		t.Fatal(err)
	}
}

// A helper of the package builds the client.
func newClient(objs ...client.Object) client.Client {
	return fake.NewClientBuilder().WithObjects(objs...).WithStatusSubresource(&Widget{}).Build()
}

func TestHelperClient(t *testing.T) {
	ctx := context.Background()
	g := &Gadget{ObjectMeta: meta}
	w := &Widget{ObjectMeta: meta}
	c := newClient(g, w)
	if err := c.Get(ctx, client.ObjectKeyFromObject(g), g); err != nil {
		t.Fatal(err)
	}
	if err := c.Get(ctx, client.ObjectKeyFromObject(w), w); err != nil {
		t.Fatal(err)
	}
	g.Status.Phase = "Ready"
	if err := c.Update(ctx, g); err != nil {
		t.Fatal(err)
	}
	w.Status.Phase = "Ready"
	if err := c.Update(ctx, w); err != nil { // want `only .Status of w was changed`
		t.Fatal(err)
	}
}

// The builder configured over several statements: WithStatusSubresource
// registers on the builder even when its result is dropped.
func TestSplitBuilder(t *testing.T) {
	ctx := context.Background()
	b := fake.NewClientBuilder()
	b = b.WithScheme(runtime.NewScheme())
	b.WithStatusSubresource(&Widget{})
	c := b.Build()
	g := &Gadget{ObjectMeta: meta}
	w := &Widget{ObjectMeta: meta}
	if err := c.Create(ctx, g); err != nil {
		t.Fatal(err)
	}
	if err := c.Create(ctx, w); err != nil {
		t.Fatal(err)
	}
	g.Status.Phase = "Ready"
	if err := c.Update(ctx, g); err != nil {
		t.Fatal(err)
	}
	w.Status.Phase = "Ready"
	if err := c.Update(ctx, w); err != nil { // want `only .Status of w was changed`
		t.Fatal(err)
	}
}

// The fake client given to a reconciler literal, and used through it.
func TestThroughReconciler(t *testing.T) {
	ctx := context.Background()
	r := &GadgetReconciler{Client: fake.NewClientBuilder().Build()}
	g := &Gadget{ObjectMeta: meta}
	if err := r.Create(ctx, g); err != nil {
		t.Fatal(err)
	}
	g.Status.Phase = "Ready"
	if err := r.Update(ctx, g); err != nil {
		t.Fatal(err)
	}
	g.Status.Phase = "Done"
	if err := r.Client.Update(ctx, g); err != nil {
		t.Fatal(err)
	}
	if err := r.markReady(ctx, g); err != nil {
		t.Fatal(err)
	}
}

func TestThroughReconcilerRegistered(t *testing.T) {
	ctx := context.Background()
	r := &GadgetReconciler{Client: fake.NewClientBuilder().WithStatusSubresource(&Gadget{}).Build()}
	g := &Gadget{ObjectMeta: meta}
	if err := r.Get(ctx, client.ObjectKeyFromObject(g), g); err != nil {
		t.Fatal(err)
	}
	g.Status.Phase = "Ready"
	if err := r.Update(ctx, g); err != nil { // want `only .Status of g was changed`
		t.Fatal(err)
	}
}

// A helper of the test given only fake clients.
func seedStatus(ctx context.Context, c client.Client, g *Gadget) error {
	if err := c.Create(ctx, g); err != nil {
		return err
	}
	g.Status.Phase = "Ready"
	return c.Update(ctx, g)
}

func TestSeedHelper(t *testing.T) {
	if err := seedStatus(context.Background(), fake.NewClientBuilder().Build(), &Gadget{ObjectMeta: meta}); err != nil {
		t.Fatal(err)
	}
}

// Twin: a real client keeps the finding.
func TestRealClient(t *testing.T) {
	ctx := context.Background()
	c, err := client.New(&rest.Config{}, client.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g := &Gadget{ObjectMeta: meta}
	if err := c.Create(ctx, g); err != nil {
		t.Fatal(err)
	}
	g.Status.Phase = "Ready"
	if err := c.Update(ctx, g); err != nil { // want `only .Status of g was changed`
		t.Fatal(err)
	}
}

// Built-in kinds: the fake client always serves the status of a
// Deployment as a subresource, not that of a ResourceQuota.
func TestBuiltin(t *testing.T) {
	ctx := context.Background()
	c := fake.NewClientBuilder().Build()
	d := &appsv1.Deployment{ObjectMeta: meta}
	if err := c.Create(ctx, d); err != nil {
		t.Fatal(err)
	}
	d.Status.Replicas = 1
	if err := c.Update(ctx, d); err != nil { // want `only .Status of d was changed`
		t.Fatal(err)
	}
	q := &corev1.ResourceQuota{ObjectMeta: meta}
	if err := c.Create(ctx, q); err != nil {
		t.Fatal(err)
	}
	q.Status.Used = corev1.ResourceList{}
	if err := c.Update(ctx, q); err != nil {
		t.Fatal(err)
	}
}

// Registrations that cannot be told (a parameter of the helper): Gadget
// may be among them, and is.
func newClientWith(objs ...client.Object) client.Client {
	return fake.NewClientBuilder().WithStatusSubresource(objs...).Build()
}

func TestUnknownRegistration(t *testing.T) {
	ctx := context.Background()
	c := newClientWith(&Gadget{})
	g := &Gadget{ObjectMeta: meta}
	if err := c.Create(ctx, g); err != nil {
		t.Fatal(err)
	}
	g.Status.Phase = "Ready"
	if err := c.Update(ctx, g); err != nil { // want `only .Status of g was changed`
		t.Fatal(err)
	}
}

// A slice literal is known: only Widget is registered.
func TestSliceRegistration(t *testing.T) {
	ctx := context.Background()
	objs := []client.Object{&Widget{}}
	c := fake.NewClientBuilder().WithStatusSubresource(objs...).Build()
	g := &Gadget{ObjectMeta: meta}
	if err := c.Create(ctx, g); err != nil {
		t.Fatal(err)
	}
	g.Status.Phase = "Ready"
	if err := c.Update(ctx, g); err != nil {
		t.Fatal(err)
	}
}

// An interceptor around the fake client changes nothing.
func TestInterceptor(t *testing.T) {
	ctx := context.Background()
	c := interceptor.NewClient(fake.NewClientBuilder().WithStatusSubresource(&Widget{}).Build(), interceptor.Funcs{})
	g := &Gadget{ObjectMeta: meta}
	if err := c.Create(ctx, g); err != nil {
		t.Fatal(err)
	}
	g.Status.Phase = "Ready"
	if err := c.Update(ctx, g); err != nil {
		t.Fatal(err)
	}
}

// The status writer after a metadata change: without the subresource the
// fake client answers NotFound, which the test sees; with it, the label is
// silently dropped.
func TestStatusWriter(t *testing.T) {
	ctx := context.Background()
	c := fake.NewClientBuilder().WithStatusSubresource(&Widget{}).Build()
	g := &Gadget{ObjectMeta: meta}
	if err := c.Create(ctx, g); err != nil {
		t.Fatal(err)
	}
	g.Labels = map[string]string{"a": "b"}
	if err := c.Status().Update(ctx, g); err != nil {
		t.Fatal(err)
	}
	w := &Widget{ObjectMeta: meta}
	if err := c.Create(ctx, w); err != nil {
		t.Fatal(err)
	}
	w.Labels = map[string]string{"a": "b"}
	if err := c.Status().Update(ctx, w); err != nil { // want `only .Labels of w was changed`
		t.Fatal(err)
	}
}

// Package variables initialised with fake clients.
var (
	shared     = fake.NewClientBuilder().Build()
	registered = fake.NewClientBuilder().WithStatusSubresource(&Gadget{}).Build()
)

func TestPackageVariables(t *testing.T) {
	ctx := context.Background()
	g := &Gadget{ObjectMeta: meta}
	if err := shared.Create(ctx, g); err != nil {
		t.Fatal(err)
	}
	g.Status.Phase = "Ready"
	if err := shared.Update(ctx, g); err != nil {
		t.Fatal(err)
	}
	h := &Gadget{ObjectMeta: meta}
	if err := registered.Create(ctx, h); err != nil {
		t.Fatal(err)
	}
	h.Status.Phase = "Ready"
	if err := registered.Update(ctx, h); err != nil { // want `only .Status of h was changed`
		t.Fatal(err)
	}
}

// What the tests give the package's code proper does not silence it.
func TestPackageCode(t *testing.T) {
	ctx := context.Background()
	defaultClient = fake.NewFakeClient()
	g := &Gadget{ObjectMeta: meta}
	if err := defaultClient.Create(ctx, g); err != nil {
		t.Fatal(err)
	}
	if err := markWithDefault(ctx, g); err != nil {
		t.Fatal(err)
	}
	c := fake.NewFakeClient()
	h := &Gadget{ObjectMeta: meta}
	if err := c.Create(ctx, h); err != nil {
		t.Fatal(err)
	}
	if err := save(ctx, c, h); err != nil {
		t.Fatal(err)
	}
}
