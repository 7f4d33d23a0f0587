package envtest

import (
	"context"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/envtest"
)

// A plain test that starts its own manager: the reconciler runs
// concurrently.
func TestWidgetWithManager(t *testing.T) {
	env := &envtest.Environment{}
	cfg, err := env.Start()
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = env.Stop() }()
	mgr, err := ctrl.NewManager(cfg, ctrl.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := (&WidgetReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() { _ = mgr.Start(ctx) }()

	c, err := client.New(cfg, client.Options{})
	if err != nil {
		t.Fatal(err)
	}
	w := &Widget{ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: "mgr"}}
	if err := c.Create(ctx, w); err != nil {
		t.Fatal(err)
	}
	got := &Widget{}
	if err := c.Get(ctx, client.ObjectKeyFromObject(w), got); err != nil {
		t.Fatal(err)
	}
	if got.Status.Phase != "Ready" { // want `status of got is asserted on a single Get right after Create`
		t.Fatalf("phase = %q", got.Status.Phase)
	}
}
