package refs

import (
	"context"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// Pods listed from the server: any of them may have no owner.
func podOwners(ctx context.Context, c client.Client) ([]string, error) {
	var pods corev1.PodList
	if err := c.List(ctx, &pods); err != nil {
		return nil, err
	}
	var out []string
	for _, p := range pods.Items {
		out = append(out, p.OwnerReferences[0].Name) // want `owner references indexed at 0`
	}
	return out, nil
}

// A Job fetched by key.
func jobOwner(ctx context.Context, c client.Client, key types.NamespacedName) (string, error) {
	job := &batchv1.Job{}
	if err := c.Get(ctx, key, job); err != nil {
		return "", err
	}
	return job.GetOwnerReferences()[0].Name, nil // want `owner references indexed at 0`
}

// Twin: an object built here carries the references the code gave it.
func newJob(owner metav1.Object, gvk metav1.GroupVersionKind) *batchv1.Job {
	return &batchv1.Job{ObjectMeta: metav1.ObjectMeta{
		OwnerReferences: []metav1.OwnerReference{*metav1.NewControllerRef(owner, ownerGVK(gvk))},
	}}
}

func builtJob(owner metav1.Object, gvk metav1.GroupVersionKind) bool {
	job := newJob(owner, gvk)
	ref := job.OwnerReferences[0]
	return *ref.Controller
}

// Twin: references set by the code just before.
func adopted(ctx context.Context, c client.Client, key types.NamespacedName, owner client.Object, scheme *runtime.Scheme) error {
	cm := &corev1.ConfigMap{}
	if err := c.Get(ctx, key, cm); err != nil {
		return err
	}
	if err := controllerutil.SetControllerReference(owner, cm, scheme); err != nil {
		return err
	}
	cm.OwnerReferences[0].BlockOwnerDeletion = nil
	return c.Update(ctx, cm)
}

func ownerGVK(g metav1.GroupVersionKind) schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: g.Group, Version: g.Version, Kind: g.Kind}
}

// Twin: the desired Secret a component builds once and keeps in a field.
type secretKeeper struct {
	secret *corev1.Secret
}

func (k *secretKeeper) owner() string {
	return k.secret.OwnerReferences[0].Name
}
