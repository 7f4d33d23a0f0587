package terminating

import (
	"context"
	"testing"

	"fixtures/api"
)

// A test calls the deletion helper on an object it made: the program's
// own calls still decide that the helper's object is terminating.
func TestReconcileDelete(t *testing.T) {
	r := &Deleter{}
	if err := r.reconcileDelete(context.Background(), &api.Database{}); err != nil {
		t.Fatal(err)
	}
}
