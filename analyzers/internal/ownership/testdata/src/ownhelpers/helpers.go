package ownhelpers // want package:`^ownership\(owner\(k8s.io/api/batch/v1.Job,true\) create\(k8s.io/api/core/v1.Secret\)\)$`

// The project's own owner-reference helpers, in another package than the
// reconcilers that use them.

import (
	"context"

	"github.com/davecgh/go-spew/spew"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// Own makes owner the controller of obj.
func Own(owner, obj client.Object, scheme *runtime.Scheme) error { // want Own:`^owns\(owner\(1,true\) edge\(#0<-#1,true\)\)$`
	return own(owner, obj, scheme)
}

func own(owner, obj client.Object, scheme *runtime.Scheme) error { // want own:`^owns\(owner\(1,true\) edge\(#0<-#1,true\)\)$`
	return controllerutil.SetControllerReference(owner, obj, scheme)
}

// Label marks obj as managed; it sets no owner reference.
func Label(obj client.Object) { // sets no owner reference: no fact
	labels := obj.GetLabels()
	if labels == nil {
		labels = map[string]string{}
	}
	labels["app.kubernetes.io/managed-by"] = "app-operator"
	obj.SetLabels(labels)
}

// NewJob returns the Job of owner, controlled by it.
func NewJob(owner metav1.Object, gvk schema.GroupVersionKind) *batchv1.Job { // want NewJob:`^owns\(ownership\(owner\(k8s.io/api/batch/v1.Job,true\)\) edge\(#0<-k8s.io/api/batch/v1.Job,true\)\)$`
	return &batchv1.Job{
		ObjectMeta: metav1.ObjectMeta{
			Namespace:       owner.GetNamespace(),
			Name:            owner.GetName() + "-job",
			OwnerReferences: []metav1.OwnerReference{*metav1.NewControllerRef(owner, gvk)},
		},
	}
}

// Meta returns the metadata of a child of owner, controller reference
// included.
func Meta(owner metav1.Object, gvk schema.GroupVersionKind) metav1.ObjectMeta { // want Meta:`^owns\(ownerMeta\)$`
	m := metav1.ObjectMeta{Namespace: owner.GetNamespace(), Name: owner.GetName()}
	m.OwnerReferences = append(m.OwnerReferences, *metav1.NewControllerRef(owner, gvk))
	return m
}

// Ensure creates obj unless it exists.
func Ensure(ctx context.Context, c client.Client, obj client.Object) error { // want Ensure:`^owns\(created\(2\)\)$`
	return client.IgnoreAlreadyExists(c.Create(ctx, obj))
}

// EnsureOwned makes owner the controller of obj, and creates obj.
func EnsureOwned(ctx context.Context, c client.Client, owner, obj client.Object) error { // want EnsureOwned:`^owns\(owner\(3,true\) created\(3\) edge\(#2<-#3,true\)\)$`
	if err := Own(owner, obj, c.Scheme()); err != nil {
		return err
	}
	return Ensure(ctx, c, obj)
}

// DefaultSecret creates an unowned Secret.
func DefaultSecret(ctx context.Context, c client.Client, namespace string) error { // want DefaultSecret:`^owns\(ownership\(create\(k8s.io/api/core/v1.Secret\)\)\)$`
	s := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: namespace, Name: "default"}}
	return Ensure(ctx, c, s)
}

// Hash hashes any value with a library of another module, which could
// in principle change an object given to it.
func Hash(v any) string { // want Hash:`^owns\(weakOwner\(0\)\)$`
	return spew.Sdump(v)
}

// SetOwner writes owner's controller reference into metadata.
func SetOwner(meta *metav1.ObjectMeta, owner metav1.Object, gvk schema.GroupVersionKind) { // want SetOwner:`^owns\(owner\(0,true\) edge\(#1<-#0,true\)\)$`
	meta.OwnerReferences = []metav1.OwnerReference{*metav1.NewControllerRef(owner, gvk)}
}
