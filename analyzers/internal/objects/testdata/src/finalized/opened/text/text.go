package text // want package:`finalized\(; open: text.go:16: the text .*, which may write an object's finalizers\)`

// A raw patch that writes finalizers, of an object whose type is not known
// here.

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

type R struct{ client.Client }

func (r *R) Patch(ctx context.Context, obj client.Object) error { // want Patch:`summary\(changes\(2, 0, 16\) written\(2\) serverWritten\(2\) clientError\(writes=true\)\)`
	return r.Client.Patch(ctx, obj,
		client.RawPatch("application/merge-patch+json", []byte(`{"metadata":{"finalizers":["example.com/p"]}}`)))
}
