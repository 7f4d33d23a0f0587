// Package helpers builds, reads and updates Widgets for the reconcilers
// of another package: the check follows them through the object layer's
// facts.
package helpers

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/api"
)

// NewWidget builds a Widget from nothing: no resourceVersion.
func NewWidget(namespace, name string, replicas int32) *api.Widget {
	return &api.Widget{
		ObjectMeta: metav1.ObjectMeta{Namespace: namespace, Name: name},
		Spec:       api.WidgetSpec{Replicas: replicas},
	}
}

// SaveWidget updates the Widget it is given as it is: with the
// resourceVersion its caller gave it.
func SaveWidget(ctx context.Context, c client.Client, w *api.Widget) error {
	w.Labels = map[string]string{"app": "widget"}
	return c.Update(ctx, w)
}

// SyncWidget reads the stored Widget and updates with its
// resourceVersion: its callers' objects need none.
func SyncWidget(ctx context.Context, c client.Client, w *api.Widget) error {
	existing := &api.Widget{}
	if err := c.Get(ctx, client.ObjectKeyFromObject(w), existing); err != nil {
		return err
	}
	w.ResourceVersion = existing.ResourceVersion
	return c.Update(ctx, w)
}

// LoadWidget reads a Widget from the server.
func LoadWidget(ctx context.Context, c client.Client, key client.ObjectKey) (*api.Widget, error) {
	w := &api.Widget{}
	if err := c.Get(ctx, key, w); err != nil {
		return nil, err
	}
	return w, nil
}
