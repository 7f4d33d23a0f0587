package lifecycleuse

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/lifecyclehelpers"
)

// Facts of package a seen from package b.
func Done(ctx context.Context, c client.Client, obj client.Object) error { // want Done:`summary\(changes\(2, 0, 16\) removesFinalizer\(2\) examinesDeletion\(2\) written\(2\) updatedAsGiven\(2\) serverWritten\(2\) clientError\(writes=true\)\)`
	if lifecyclehelpers.Terminating(obj) {
		return lifecyclehelpers.Release(ctx, c, obj, "x")
	}
	return nil
}

func Load(ctx context.Context, c client.Client, obj client.Object) error { // want Load:`summary\(changes\(2, 0, 16\) fetched\(2\) clientError\(writes=false\)\)`
	_, err := lifecyclehelpers.Fetch(ctx, c, client.ObjectKeyFromObject(obj), obj)
	return err
}

// Through a helper of another package: adds, and examines.
func Prepare(ctx context.Context, c client.Client, obj client.Object) error { // want Prepare:`summary\(changes\(2, 0, 16\) removesFinalizer\(2\) addsFinalizer\(2\) examinesDeletion\(2\) written\(2\) updatedAsGiven\(2\) serverWritten\(2\) clientError\(writes=true\)\)`
	if done, err := lifecyclehelpers.HandleDeletion(ctx, c, obj); done || err != nil {
		return err
	}
	return lifecyclehelpers.Ensure(ctx, c, obj, "example.com/f")
}
