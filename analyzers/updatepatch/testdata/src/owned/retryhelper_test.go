package owned

import (
	"context"
	"testing"

	"k8s.io/apimachinery/pkg/types"
)

// A test calls the retried helper directly (percona-server-mongodb's
// physical restore tests): the program's own calls still decide that it
// runs inside a retry.
func TestPause(t *testing.T) {
	r := &WebReconciler{}
	if err := r.pause(context.Background(), types.NamespacedName{Name: "web"}); err != nil {
		t.Fatal(err)
	}
}
