// Package specfill holds helpers of the module in another package, which
// fill the spec of a StatefulSet they are given: the reconciler that
// calls one between the read and the update is judged through their
// Sets fact.
package specfill

import (
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
)

// FillStorage gives the StatefulSet one claim of the size asked.
func FillStorage(sts *appsv1.StatefulSet, size resource.Quantity) { // want FillStorage:`sets\(0: Spec.VolumeClaimTemplates\)`
	sts.Spec.VolumeClaimTemplates = []corev1.PersistentVolumeClaim{claim(size)}
}

// FillStorageOnCreate does the same only for a StatefulSet not created
// yet: no fact, its callers are left alone.
func FillStorageOnCreate(sts *appsv1.StatefulSet, size resource.Quantity) {
	if sts.CreationTimestamp.IsZero() {
		sts.Spec.VolumeClaimTemplates = []corev1.PersistentVolumeClaim{claim(size)}
	}
}

// FillReplicas sets only a field the API server lets change.
func FillReplicas(sts *appsv1.StatefulSet, n int32) {
	sts.Spec.Replicas = &n
}

func claim(size resource.Quantity) corev1.PersistentVolumeClaim {
	pvc := corev1.PersistentVolumeClaim{}
	pvc.Name = "data"
	pvc.Spec.Resources.Requests = corev1.ResourceList{corev1.ResourceStorage: size}
	return pvc
}
