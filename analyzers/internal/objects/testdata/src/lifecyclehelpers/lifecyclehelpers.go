package lifecyclehelpers

import (
	"context"
	"fmt"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

func Terminating(obj client.Object) bool { // want Terminating:`testsDeletion\(0, true\)`
	if obj == nil {
		return false
	}
	return !obj.GetDeletionTimestamp().IsZero()
}

func Alive(meta *metav1.ObjectMeta) bool { // want Alive:`testsDeletion\(0, false\)`
	return meta.DeletionTimestamp == nil
}

// Through another helper.
func NotTerminating(obj client.Object) bool { // want NotTerminating:`testsDeletion\(0, false\)`
	return !Terminating(obj)
}

func Release(ctx context.Context, c client.Client, obj client.Object, f string) error { // want Release:`summary\(changes\(2, 4, 16\) removesFinalizer\(2\) written\(2\) updatedAsGiven\(2\) serverWritten\(2\) clientError\(writes=true\)\)`
	if controllerutil.RemoveFinalizer(obj, f) {
		return c.Update(ctx, obj)
	}
	return nil
}

func Ensure(ctx context.Context, c client.Client, obj client.Object, f string) error { // want Ensure:`summary\(changes\(2, 4, 16\) addsFinalizer\(2\) written\(2\) updatedAsGiven\(2\) serverWritten\(2\) clientError\(writes=true\)\)`
	if controllerutil.AddFinalizer(obj, f) {
		return c.Update(ctx, obj)
	}
	return nil
}

// It reads the deletion state, without returning a bool of it.
func HandleDeletion(ctx context.Context, c client.Client, obj client.Object) (bool, error) { // want HandleDeletion:`summary\(changes\(2, 0, 16\) removesFinalizer\(2\) examinesDeletion\(2\) written\(2\)`
	if obj.GetDeletionTimestamp() == nil {
		return false, nil
	}
	return true, Release(ctx, c, obj, "example.com/f")
}

func ClearFinalizers(obj metav1.Object) { // want ClearFinalizers:`summary\(changes\(0, 4, 0\) removesFinalizer\(0\)\)`
	obj.SetFinalizers(nil)
}

func Fetch(ctx context.Context, r client.Reader, key client.ObjectKey, obj client.Object) (bool, error) { // want Fetch:`summary\(changes\(3, 0, 16\) fetched\(3\) clientError\(writes=false\)\)`
	if err := r.Get(ctx, key, obj); err != nil {
		return false, fmt.Errorf("fetch %s: %w", key, err)
	}
	return true, nil
}

// Not helpers of interest to the lifecycle: they only read the object
// (which its callers need to know).
func Name(obj client.Object) string { return obj.GetName() } // want Name:`summary\(\)`

func HasFinalizer(obj client.Object, f string) bool { return controllerutil.ContainsFinalizer(obj, f) } // want HasFinalizer:`summary\(\)`

func Wrap(err error) error { return fmt.Errorf("wrapped: %w", err) }

// Store hides the client behind a type of the module.
type Store struct {
	C   client.Client
	Obj client.Object
}

func (s *Store) Drop(ctx context.Context) error { // want Drop:`clientError\(writes=true\)`
	return s.C.Delete(ctx, s.Obj)
}
