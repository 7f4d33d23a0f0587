package plaintest_test

import (
	"context"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/plaintest"
)

func TestExternal(t *testing.T) {
	ctx := context.Background()
	c, err := client.New(&rest.Config{}, client.Options{})
	if err != nil {
		t.Fatal(err)
	}
	w := &plaintest.Widget{ObjectMeta: metav1.ObjectMeta{Namespace: "e2e", Name: "ext"}}
	if err := c.Create(ctx, w); err != nil {
		t.Fatal(err)
	}
	w.Labels = map[string]string{"touched": "yes"}
	if err := c.Update(ctx, w); err != nil {
		t.Fatal(err)
	}
	got := &plaintest.Widget{}
	if err := c.Get(ctx, client.ObjectKeyFromObject(w), got); err != nil {
		t.Fatal(err)
	}
	if got.Status.Phase == "" { // want `status of got is asserted on a single Get right after Update`
		t.Error("no phase")
	}
}
