package webhook // want package:`finalized\(fixtures/finalized/api.Defaulted\)`

import (
	"context"

	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"fixtures/finalized/api"
)

type Defaulter struct{}

// Default is called by the webhook server: its parameter's type is
// asserted, and that type gets the finalizer.
func (d *Defaulter) Default(ctx context.Context, obj runtime.Object) error { // want Default:`summary\(addsFinalizer\(2\)\)`
	controllerutil.AddFinalizer(obj.(*api.Defaulted), "example.com/defaulted")
	return nil
}
