package fakeclient

import (
	"context"
	"testing"

	. "github.com/onsi/gomega"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
)

func newScheme() *runtime.Scheme { return runtime.NewScheme() }

func newFakeClient(objs ...client.Object) client.Client {
	return fake.NewClientBuilder().WithScheme(newScheme()).WithObjects(objs...).WithStatusSubresource(&Widget{}).Build()
}

// All silent: no controller runs next to a fake client.

func TestSyncSetsPhase(t *testing.T) {
	ctx := context.Background()
	c := fake.NewClientBuilder().WithScheme(newScheme()).Build()
	w := &Widget{ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: "w"}}
	if err := c.Create(ctx, w); err != nil {
		t.Fatal(err)
	}
	r := &WidgetReconciler{Client: c}
	if err := r.Sync(ctx, w); err != nil {
		t.Fatal(err)
	}
	var got Widget
	if err := c.Get(ctx, client.ObjectKeyFromObject(w), &got); err != nil {
		t.Fatal(err)
	}
	if got.Status.Phase != "Ready" {
		t.Errorf("phase = %q, want Ready", got.Status.Phase)
	}
}

func TestSyncWithHelperClient(t *testing.T) {
	g := NewWithT(t)
	ctx := context.Background()
	w := &Widget{ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: "w"}}
	c := newFakeClient()
	g.Expect(c.Create(ctx, w)).To(Succeed())
	g.Expect((&WidgetReconciler{Client: c}).Sync(ctx, w)).To(Succeed())

	fetched := &Widget{}
	g.Expect(c.Get(ctx, client.ObjectKeyFromObject(w), fetched)).To(Succeed())
	g.Expect(fetched.Status.Phase).To(Equal("Ready"))
}

type fixture struct {
	client     client.Client
	reconciler *WidgetReconciler
}

func newFixture() *fixture {
	c := fake.NewFakeClient()
	return &fixture{client: c, reconciler: &WidgetReconciler{Client: c}}
}

func TestSyncThroughFixture(t *testing.T) {
	f := newFixture()
	ctx := context.Background()
	w := &Widget{ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: "w"}}
	if err := f.client.Create(ctx, w); err != nil {
		t.Fatal(err)
	}
	if err := f.reconciler.Sync(ctx, w); err != nil {
		t.Fatal(err)
	}
	var got Widget
	if err := f.reconciler.Client.Get(ctx, client.ObjectKeyFromObject(w), &got); err != nil {
		t.Fatal(err)
	}
	if !meta.IsStatusConditionTrue(got.Status.Conditions, "Ready") {
		t.Fatalf("not ready: %v", got.Status.Conditions)
	}
}

func TestTable(t *testing.T) {
	tests := []struct {
		name  string
		phase string
	}{{"ready", "Ready"}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			c := fake.NewClientBuilder().Build()
			w := &Widget{ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: tc.name}}
			if err := c.Create(ctx, w); err != nil {
				t.Fatal(err)
			}
			_ = (&WidgetReconciler{Client: c}).Sync(ctx, w)
			got := &Widget{}
			if err := c.Get(ctx, client.ObjectKeyFromObject(w), got); err != nil {
				t.Fatal(err)
			}
			if got.Status.Phase != tc.phase {
				t.Errorf("phase = %q, want %q", got.Status.Phase, tc.phase)
			}
		})
	}
}

var sharedClient = fake.NewClientBuilder().Build()

func TestSharedFake(t *testing.T) {
	ctx := context.Background()
	w := &Widget{ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: "shared"}}
	if err := sharedClient.Create(ctx, w); err != nil {
		t.Fatal(err)
	}
	if err := (&WidgetReconciler{Client: sharedClient}).Sync(ctx, w); err != nil {
		t.Fatal(err)
	}
	got := &Widget{}
	if err := sharedClient.Get(ctx, client.ObjectKeyFromObject(w), got); err != nil {
		t.Fatal(err)
	}
	if got.Status.Phase != "Ready" {
		t.Fatal("not ready")
	}
}
