package jobs

import (
	"context"
	"testing"

	batchv1 "k8s.io/api/batch/v1"
)

// Tests clean up as they like: envtest runs no garbage collector.
func TestCleanup(t *testing.T) {
	r := &Reconciler{}
	if r.Client != nil {
		_ = r.Delete(context.Background(), &batchv1.Job{})
	}
}
