// Package steps holds steps that reconcilers of other packages call; it
// has no builder chain, so it cannot tell whose objects it updates.
package steps

import (
	"context"

	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/crosspkg/api"
)

// Resize updates a whole Database: a reconciler that is not For it is
// reported at its call.
func Resize(ctx context.Context, c client.Client, key types.NamespacedName, n int32) error { // want Resize:`updates\(\*fixtures/crosspkg/api.Database@steps.go:22\)`
	db := &api.Database{}
	if err := c.Get(ctx, key, db); err != nil {
		return err
	}
	db.Spec.Replicas = n
	return c.Update(ctx, db)
}

// Scale reaches the Update through a helper: the fact says so too.
func Scale(ctx context.Context, c client.Client, key types.NamespacedName) error { // want Scale:`updates\(\*fixtures/crosspkg/api.Database@steps.go:22\)`
	return Resize(ctx, c, key, 3)
}

// Label patches: nothing to report anywhere.
func Label(ctx context.Context, c client.Client, key types.NamespacedName) error {
	db := &api.Database{}
	if err := c.Get(ctx, key, db); err != nil {
		return err
	}
	patch := client.MergeFrom(db.DeepCopy())
	db.Labels = map[string]string{"tier": "db"}
	return c.Patch(ctx, db, patch)
}

// Reset replaces the spec whole on purpose: the directive on its Update
// silences the callers too.
func Reset(ctx context.Context, c client.Client, key types.NamespacedName) error {
	db := &api.Database{}
	if err := c.Get(ctx, key, db); err != nil {
		return err
	}
	db.Spec = api.DatabaseSpec{}
	//reconcilecheck:ignore updatepatch the reset is meant to replace the whole spec
	return c.Update(ctx, db)
}
