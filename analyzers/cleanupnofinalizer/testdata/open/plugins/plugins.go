package plugins

// Plugins run hooks on every object the manager sees; which hooks, and
// what they do, is known only at run time: one may add a finalizer to a
// Bucket.

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Hook func(ctx context.Context, obj client.Object) error

type Runner struct {
	client.Client
	Hooks []Hook
}

func (r *Runner) Run(ctx context.Context, obj client.Object) error {
	for _, h := range r.Hooks {
		if err := h(ctx, obj); err != nil {
			return err
		}
	}
	return r.Update(ctx, obj)
}
