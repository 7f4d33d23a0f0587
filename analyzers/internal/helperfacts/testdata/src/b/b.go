package b

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/a"
)

// Facts of package a seen from package b.
func Done(ctx context.Context, c client.Client, obj client.Object) error { // want Done:`removesFinalizer\(2\)` Done:`clientError\(writes=true\)`
	if a.Terminating(obj) {
		return a.Release(ctx, c, obj, "x")
	}
	return nil
}

func Load(ctx context.Context, c client.Client, obj client.Object) error { // want Load:`clientError\(writes=false\)`
	_, err := a.Fetch(ctx, c, client.ObjectKeyFromObject(obj), obj)
	return err
}
