// Package webhook defaults the Defaulted objects: it gives them their
// finalizer.
package webhook

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"fixtures/api"
)

type Defaulter struct{}

func (d *Defaulter) Default(_ context.Context, obj *api.Defaulted) error {
	controllerutil.AddFinalizer(obj, "example.com/defaulted")
	return nil
}

func Setup(mgr ctrl.Manager) error {
	return ctrl.NewWebhookManagedBy(mgr, &api.Defaulted{}).WithDefaulter(&Defaulter{}).Complete()
}
