package cleanup

import (
	"context"

	batchv1 "k8s.io/api/batch/v1"
)

// Bad, in a file that imports neither client nor metav1: the fix adds
// both imports.
func (r *Reconciler) dropJob(ctx context.Context, job *batchv1.Job) error {
	return r.Delete(ctx, job) // want `Delete of v1.Job names no propagation policy`
}
