package unstruct // want package:`finalized\(; open: unstruct.go:15: a finalizer list set of an object of unknown type\)`

// An unstructured object's kind is known only at run time.

import (
	"context"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type R struct{ client.Client }

func (r *R) Mark(ctx context.Context, u *unstructured.Unstructured) error { // want Mark:`summary\(removesFinalizer\(2\) clientError\(writes=true\)\)`
	u.SetFinalizers([]string{"example.com/u"})
	return r.Update(ctx, u)
}
