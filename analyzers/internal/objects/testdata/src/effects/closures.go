package effects

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/probe"
)

// A closure run during the call it is given to (retry.RetryOnConflict's
// func() error): the objects it captured go on before that call, in the
// function that made it.
func inRetry(ctx context.Context, c client.Client, key types.NamespacedName) error {
	dep := &appsv1.Deployment{}
	if err := c.Get(ctx, key, dep); err != nil {
		return err
	}
	built := &appsv1.Deployment{}
	return retry.RetryOnConflict(retry.DefaultBackoff, func() error {
		probe.Since(dep)   // want `since fetched`
		probe.Since(built) // want `since made`
		return nil
	})
}

// A closure kept and run later by others, made twice: where it runs is
// not known, its captured objects come from its entry.
func kept(ctx context.Context, c client.Client, key types.NamespacedName) []func() {
	var out []func()
	for range 2 {
		dep := &appsv1.Deployment{}
		_ = c.Get(ctx, key, dep)
		out = append(out, func() {
			probe.Since(dep) // want `since entry`
		})
	}
	return out
}
