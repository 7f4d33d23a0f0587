package ctrl // want package:`finalized\(fixtures/finalized/api.Foreground fixtures/finalized/api.Kept fixtures/finalized/api.Literal fixtures/finalized/api.Local fixtures/finalized/api.Meta fixtures/finalized/api.ViaHelper\)`

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"fixtures/finalized/api"
	"fixtures/finalized/helpers"
)

type R struct{ client.Client }

func (r *R) kept(ctx context.Context, k *api.Kept) error { // want kept:`summary\(addsFinalizer\(2\) serverWritten\(2\) clientError\(writes=true\)\)`
	controllerutil.AddFinalizer(k, "example.com/kept")
	return r.Update(ctx, k)
}

func (r *R) literal(ctx context.Context) error { // want literal:`summary\(clientError\(writes=true\)\)`
	return r.Create(ctx, &api.Literal{ObjectMeta: metav1.ObjectMeta{Name: "l", Finalizers: []string{"example.com/literal"}}})
}

func (r *R) viaHelper(ctx context.Context, v *api.ViaHelper) error { // want viaHelper:`summary\(addsFinalizer\(2\) serverWritten\(2\) clientError\(writes=true\)\)`
	return helpers.Ensure(ctx, r.Client, v, "example.com/via")
}

// ensure adds to its parameter: the call below records Local.
func (r *R) ensure(ctx context.Context, obj client.Object) error { // want ensure:`summary\(addsFinalizer\(2\) serverWritten\(2\) clientError\(writes=true\)\)`
	controllerutil.AddFinalizer(obj, "example.com/local")
	return r.Update(ctx, obj)
}

func (r *R) local(ctx context.Context, l *api.Local) error { // want local:`summary\(addsFinalizer\(2\) serverWritten\(2\) clientError\(writes=true\)\)`
	return r.ensure(ctx, l)
}

func (r *R) meta(ctx context.Context) error { // want meta:`summary\(clientError\(writes=true\)\)`
	m := metav1.ObjectMeta{Name: "m", Finalizers: []string{"example.com/meta"}}
	return r.Create(ctx, &api.Meta{ObjectMeta: m})
}

// Clearing finalizers adds none.
func (r *R) never(ctx context.Context, n *api.Never) error { // want never:`summary\(removesFinalizer\(2\) serverWritten\(2\) clientError\(writes=true\)\)`
	n.Finalizers = nil
	n.SetFinalizers([]string{})
	return r.Update(ctx, n)
}

func (r *R) foreground(ctx context.Context, f *api.Foreground) error { // want foreground:`summary\(serverWritten\(2\) clientError\(writes=true\) notFound\(delete\)\)`
	return r.Delete(ctx, f, client.PropagationPolicy(metav1.DeletePropagationForeground))
}

// Background deletion, the default, adds none.
func (r *R) background(ctx context.Context, n *api.Never) error { // want background:`summary\(serverWritten\(2\) clientError\(writes=true\) notFound\(delete\)\)`
	return r.Delete(ctx, n, client.PropagationPolicy(metav1.DeletePropagationBackground))
}
