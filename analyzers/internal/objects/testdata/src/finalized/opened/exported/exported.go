package exported // want package:`finalized\(; open: exported.go:16: a finalizer added of an object of unknown type\)`

// An exported method may implement an interface a library calls: its
// callers are not all known, so its parameter's type is not.

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type Finalizer struct{ client.Client }

func (f *Finalizer) Ensure(ctx context.Context, obj client.Object) error { // want Ensure:`summary\(changes\(2, 4, 16\) addsFinalizer\(2\) written\(2\) updatedAsGiven\(2\) serverWritten\(2\) clientError\(writes=true\)\)`
	controllerutil.AddFinalizer(obj, "example.com/any")
	return f.Update(ctx, obj)
}
