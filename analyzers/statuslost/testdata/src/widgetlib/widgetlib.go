// Package widgetlib holds helpers of the module in another package.
package widgetlib

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	appsv1 "fixtures/api/v1"
)

// AddFinalizer adds the finalizer and writes the Widget.
func AddFinalizer(ctx context.Context, c client.Client, w *appsv1.Widget) error {
	if controllerutil.AddFinalizer(w, "apps.example.com/cleanup") {
		return c.Update(ctx, w)
	}
	return nil
}

// SaveStatus writes the Widget's status.
func SaveStatus(ctx context.Context, c client.Client, w *appsv1.Widget) error {
	return c.Status().Update(ctx, w)
}

// MarkReady sets the Ready condition in memory.
func MarkReady(w *appsv1.Widget) {
	w.Status.Phase = "Ready"
}
