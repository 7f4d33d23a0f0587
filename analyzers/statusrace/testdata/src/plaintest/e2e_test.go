package plaintest

import (
	"context"
	"testing"
	"time"

	. "github.com/onsi/gomega"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func newClient(t *testing.T) client.Client {
	c, err := client.New(&rest.Config{Host: "https://cluster"}, client.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func widget(name string) *Widget {
	return &Widget{ObjectMeta: metav1.ObjectMeta{Namespace: "e2e", Name: name}}
}

func TestWidgetBecomesReady(t *testing.T) {
	ctx := context.Background()
	c := newClient(t)
	w := widget("ready")
	if err := c.Create(ctx, w); err != nil {
		t.Fatal(err)
	}
	var got Widget
	if err := c.Get(ctx, client.ObjectKeyFromObject(w), &got); err != nil {
		t.Fatal(err)
	}
	if !meta.IsStatusConditionTrue(got.Status.Conditions, "Ready") { // want `status of got is asserted on a single Get right after Create`
		t.Fatalf("widget not ready: %v", got.Status.Conditions)
	}
}

func TestWidgetPhaseWithGomega(t *testing.T) {
	g := NewWithT(t)
	ctx := context.Background()
	c := newClient(t)
	w := widget("gomega")
	g.Expect(c.Create(ctx, w)).To(Succeed())
	g.Expect(c.Get(ctx, client.ObjectKeyFromObject(w), w)).To(Succeed())
	g.Expect(w.Status.Phase).To(Equal("Ready")) // want `status of w is asserted on a single Get right after Create`
}

func TestWidgetSubtest(t *testing.T) {
	ctx := context.Background()
	c := newClient(t)
	w := widget("subtest")
	if err := c.Create(ctx, w); err != nil {
		t.Fatal(err)
	}
	t.Run("phase", func(t *testing.T) {
		got := &Widget{}
		if err := c.Get(ctx, client.ObjectKeyFromObject(w), got); err != nil {
			t.Fatal(err)
		}
		if phase := got.Status.Phase; phase != "Ready" { // want `status of got is asserted`
			t.Errorf("phase = %q", phase)
		}
	})
}

// Correct twins.

func TestWidgetPolled(t *testing.T) {
	ctx := context.Background()
	c := newClient(t)
	w := widget("polled")
	if err := c.Create(ctx, w); err != nil {
		t.Fatal(err)
	}
	var got Widget
	err := wait.PollUntilContextTimeout(ctx, time.Second, time.Minute, true, func(ctx context.Context) (bool, error) {
		if err := c.Get(ctx, client.ObjectKeyFromObject(w), &got); err != nil {
			return false, err
		}
		return meta.IsStatusConditionTrue(got.Status.Conditions, "Ready"), nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if got.Status.Phase != "Ready" {
		t.Errorf("phase = %q", got.Status.Phase)
	}
}

func TestWidgetLoop(t *testing.T) {
	ctx := context.Background()
	c := newClient(t)
	w := widget("loop")
	if err := c.Create(ctx, w); err != nil {
		t.Fatal(err)
	}
	got := &Widget{}
	deadline := time.Now().Add(time.Minute)
	for {
		if err := c.Get(ctx, client.ObjectKeyFromObject(w), got); err != nil {
			t.Fatal(err)
		}
		if got.Status.Phase == "Ready" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("phase = %q after a minute", got.Status.Phase)
		}
		select {
		case <-ctx.Done():
			t.Fatal(ctx.Err())
		case <-time.After(time.Second):
		}
	}
}

func TestWidgetGetError(t *testing.T) {
	ctx := context.Background()
	c := newClient(t)
	w := widget("error")
	if err := c.Create(ctx, w); err != nil {
		t.Fatal(err)
	}
	var got Widget
	if err := c.Get(ctx, client.ObjectKeyFromObject(w), &got); err != nil {
		t.Fatalf("get: %v", err)
	}
	if got.Name != "error" {
		t.Errorf("name = %q", got.Name)
	}
	t.Logf("phase %s", got.Status.Phase)
}

func TestWidgetStatusSetByTest(t *testing.T) {
	ctx := context.Background()
	c := newClient(t)
	w := widget("status")
	if err := c.Create(ctx, w); err != nil {
		t.Fatal(err)
	}
	w.Status.Phase = "Paused"
	if err := c.Status().Update(ctx, w); err != nil {
		t.Fatal(err)
	}
	var got Widget
	if err := c.Get(ctx, client.ObjectKeyFromObject(w), &got); err != nil {
		t.Fatal(err)
	}
	if got.Status.Phase != "Paused" {
		t.Errorf("phase = %q", got.Status.Phase)
	}
}
