package controller

import (
	"fmt"

	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"

	webappv1alpha1 "example.com/guestbook-operator/api/v1alpha1"
)

var defaultStorageSize = resource.MustParse("1Gi")

func labelsFor(gb *webappv1alpha1.Guestbook) map[string]string {
	return map[string]string{appLabel: "guestbook", instanceLabel: gb.Name}
}

func redisConfigName(gb *webappv1alpha1.Guestbook) string { return gb.Name + "-redis" }
func dataVolumeName(gb *webappv1alpha1.Guestbook) string  { return gb.Name + "-data" }

// directoryEntryName names the ConfigMap that lists gb in the directory
// namespace, which holds the entries of every namespace.
func directoryEntryName(gb *webappv1alpha1.Guestbook) string {
	return fmt.Sprintf("%s.%s", gb.Namespace, gb.Name)
}

func storageName(b *webappv1alpha1.GuestbookBackup) string { return b.Name + "-dump" }
func dumpJobName(b *webappv1alpha1.GuestbookBackup) string { return b.Name + "-dump" }

func desiredReplicas(gb *webappv1alpha1.Guestbook) int32 {
	if gb.Spec.Replicas == nil {
		return 1
	}
	return *gb.Spec.Replicas
}

func storageSize(q *resource.Quantity) resource.Quantity {
	if q == nil {
		return defaultStorageSize
	}
	return *q
}

func serviceURL(svc *corev1.Service) string {
	return fmt.Sprintf("http://%s.%s.svc:%d", svc.Name, svc.Namespace, frontendPort)
}

func newRedisConfig(gb *webappv1alpha1.Guestbook) *corev1.ConfigMap {
	return &corev1.ConfigMap{
		ObjectMeta: metav1.ObjectMeta{Namespace: gb.Namespace, Name: redisConfigName(gb), Labels: labelsFor(gb)},
		Data: map[string]string{
			"redis.conf": "appendonly yes\ndir /data\n",
		},
	}
}

func newDataVolume(gb *webappv1alpha1.Guestbook) *corev1.PersistentVolumeClaim {
	return &corev1.PersistentVolumeClaim{
		ObjectMeta: metav1.ObjectMeta{
			Namespace:  gb.Namespace,
			Name:       dataVolumeName(gb),
			Labels:     labelsFor(gb),
			Finalizers: []string{dataProtectionFinalizer},
		},
		Spec: corev1.PersistentVolumeClaimSpec{
			AccessModes: []corev1.PersistentVolumeAccessMode{corev1.ReadWriteOnce},
			Resources: corev1.VolumeResourceRequirements{
				Requests: corev1.ResourceList{corev1.ResourceStorage: storageSize(gb.Spec.StorageSize)},
			},
		},
	}
}

func newDirectoryEntry(gb *webappv1alpha1.Guestbook, namespace, url string) *corev1.ConfigMap {
	return &corev1.ConfigMap{
		ObjectMeta: metav1.ObjectMeta{Namespace: namespace, Name: directoryEntryName(gb), Labels: labelsFor(gb)},
		Data: map[string]string{
			"namespace": gb.Namespace,
			"name":      gb.Name,
			"title":     gb.Spec.Title,
			"url":       url,
		},
	}
}

// newDeployment runs the frontend (first container) next to its redis.
func newDeployment(gb *webappv1alpha1.Guestbook) *appsv1.Deployment {
	replicas := desiredReplicas(gb)
	labels := labelsFor(gb)
	return &appsv1.Deployment{
		ObjectMeta: metav1.ObjectMeta{Namespace: gb.Namespace, Name: gb.Name, Labels: labels},
		Spec: appsv1.DeploymentSpec{
			Replicas: &replicas,
			Selector: &metav1.LabelSelector{MatchLabels: labels},
			Strategy: appsv1.DeploymentStrategy{Type: appsv1.RecreateDeploymentStrategyType},
			Template: corev1.PodTemplateSpec{
				ObjectMeta: metav1.ObjectMeta{Labels: labels},
				Spec: corev1.PodSpec{
					Containers: []corev1.Container{
						{
							Name:  "guestbook",
							Image: gb.Spec.Image,
							Env: []corev1.EnvVar{
								{Name: "GUESTBOOK_TITLE", Value: gb.Spec.Title},
								{Name: "REDIS_ADDR", Value: fmt.Sprintf("localhost:%d", redisPort)},
							},
							Ports: []corev1.ContainerPort{{Name: "http", ContainerPort: frontendPort}},
						},
						{
							Name:    "redis",
							Image:   redisImage,
							Command: []string{"redis-server", "/etc/redis/redis.conf"},
							Ports:   []corev1.ContainerPort{{Name: "redis", ContainerPort: redisPort}},
							VolumeMounts: []corev1.VolumeMount{
								{Name: "config", MountPath: "/etc/redis"},
								{Name: "data", MountPath: "/data"},
							},
						},
					},
					Volumes: []corev1.Volume{
						{Name: "config", VolumeSource: corev1.VolumeSource{
							ConfigMap: &corev1.ConfigMapVolumeSource{LocalObjectReference: corev1.LocalObjectReference{Name: redisConfigName(gb)}},
						}},
						{Name: "data", VolumeSource: corev1.VolumeSource{
							PersistentVolumeClaim: &corev1.PersistentVolumeClaimVolumeSource{ClaimName: dataVolumeName(gb)},
						}},
					},
				},
			},
		},
	}
}

func newService(gb *webappv1alpha1.Guestbook) *corev1.Service {
	return &corev1.Service{
		ObjectMeta: metav1.ObjectMeta{Namespace: gb.Namespace, Name: gb.Name, Labels: labelsFor(gb)},
		Spec: corev1.ServiceSpec{
			Selector: labelsFor(gb),
			Ports: []corev1.ServicePort{
				{Name: "http", Port: frontendPort, TargetPort: intstr.FromString("http")},
				{Name: "redis", Port: redisPort, TargetPort: intstr.FromString("redis")},
			},
		},
	}
}

// newNodeReaderBinding binds the guestbook's service account to the
// cluster role that reads nodes.
func newNodeReaderBinding(gb *webappv1alpha1.Guestbook) *rbacv1.ClusterRoleBinding {
	return &rbacv1.ClusterRoleBinding{
		ObjectMeta: metav1.ObjectMeta{Name: directoryEntryName(gb) + "-node-reader", Labels: labelsFor(gb)},
		RoleRef:    rbacv1.RoleRef{APIGroup: rbacv1.GroupName, Kind: "ClusterRole", Name: "guestbook-node-reader"},
		Subjects:   []rbacv1.Subject{{Kind: rbacv1.ServiceAccountKind, Namespace: gb.Namespace, Name: "default"}},
	}
}

func newBackupVolume(b *webappv1alpha1.GuestbookBackup) *corev1.PersistentVolumeClaim {
	return &corev1.PersistentVolumeClaim{
		ObjectMeta: metav1.ObjectMeta{
			Namespace:  b.Namespace,
			Name:       storageName(b),
			Finalizers: []string{backupDataFinalizer},
		},
		Spec: corev1.PersistentVolumeClaimSpec{
			AccessModes: []corev1.PersistentVolumeAccessMode{corev1.ReadWriteOnce},
			Resources: corev1.VolumeResourceRequirements{
				Requests: corev1.ResourceList{corev1.ResourceStorage: storageSize(b.Spec.StorageSize)},
			},
		},
	}
}

// newDumpJob copies the redis snapshot of gb onto the backup's volume.
func newDumpJob(b *webappv1alpha1.GuestbookBackup, redisHost string, pvc *corev1.PersistentVolumeClaim) *batchv1.Job {
	backoffLimit := int32(2)
	return &batchv1.Job{
		ObjectMeta: metav1.ObjectMeta{Namespace: b.Namespace, Name: dumpJobName(b)},
		Spec: batchv1.JobSpec{
			BackoffLimit: &backoffLimit,
			Template: corev1.PodTemplateSpec{
				Spec: corev1.PodSpec{
					RestartPolicy: corev1.RestartPolicyNever,
					Containers: []corev1.Container{{
						Name:         "dump",
						Image:        redisImage,
						Command:      []string{"redis-cli", "-h", redisHost, "-p", fmt.Sprint(redisPort), "--rdb", "/backup/dump.rdb"},
						VolumeMounts: []corev1.VolumeMount{{Name: "backup", MountPath: "/backup"}},
					}},
					Volumes: []corev1.Volume{{Name: "backup", VolumeSource: corev1.VolumeSource{
						PersistentVolumeClaim: &corev1.PersistentVolumeClaimVolumeSource{ClaimName: pvc.Name},
					}}},
				},
			},
		},
	}
}
