// Package controller holds the reconcilers of the guestbook operator.
package controller

import (
	"time"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

const (
	// volumePollInterval is how often a reconciler looks again at a volume
	// it is waiting for: volumes are not watched.
	volumePollInterval = 2 * time.Second

	// redisImage runs the guestbook's store and the backup dumps.
	redisImage = "docker.io/library/redis:7.4"
	redisPort  = 6379

	// frontendPort is where the guestbook frontend listens.
	frontendPort = 80

	appLabel      = "app.kubernetes.io/name"
	instanceLabel = "app.kubernetes.io/instance"
)

// isBeingDeleted reports whether obj has been deleted and waits for its
// finalizers.
func isBeingDeleted(obj client.Object) bool {
	return !obj.GetDeletionTimestamp().IsZero()
}

// scheduledBy returns the name of the recurring backup that made the
// one-shot backup b, if one did: its controller. An owner reference
// written by another client may lack Controller, and then this panics.
func scheduledBy(b client.Object) string {
	for _, ref := range b.GetOwnerReferences() {
		if ref.Kind == "GuestbookBackup" && *ref.Controller { // expect: ownerrefnil
			return ref.Name
		}
	}
	return ""
}

// jobFinished reports whether job has the condition of type ct set to True.
func jobFinished(job *batchv1.Job, ct batchv1.JobConditionType) bool {
	for _, c := range job.Status.Conditions {
		if c.Type == ct && c.Status == corev1.ConditionTrue {
			return true
		}
	}
	return false
}
