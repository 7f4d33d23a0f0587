// Package volumes creates the volumes of a StatefulSet, in a package of
// its own: lostwakeup sees what it writes through the object layer's
// summary facts.
package volumes

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Ensure creates the volume claim of sts.
func Ensure(ctx context.Context, c client.Client, sts *appsv1.StatefulSet) error {
	pvc := &corev1.PersistentVolumeClaim{ObjectMeta: metav1.ObjectMeta{Namespace: sts.Namespace, Name: sts.Name + "-data"}}
	return c.Create(ctx, pvc)
}

// StartJob creates the init Job of sts.
func StartJob(ctx context.Context, c client.Client, sts *appsv1.StatefulSet) error {
	job := &batchv1.Job{ObjectMeta: metav1.ObjectMeta{Namespace: sts.Namespace, Name: sts.Name + "-init"}}
	return c.Create(ctx, job)
}
