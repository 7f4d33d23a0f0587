package hook // want package:`finalized\(; open: hook.go:17: an object handed to code not known here of an object of unknown type\)`

// An object handed to a function value: what it does is not known.

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Steps struct {
	client.Client
	Hook func(client.Object)
}

func (s *Steps) Run(ctx context.Context, obj client.Object) error { // want Run:`summary\(changes\(2, 0, 16\) written\(2\) serverWritten\(2\) clientError\(writes=true\)\)`
	s.Hook(obj)
	return s.Update(ctx, obj)
}
