package applier

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	corev1ac "k8s.io/client-go/applyconfigurations/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Good: an unstructured holding only the intended fields.
func (r *Reconciler) intended(ctx context.Context, name, ns string) error {
	u := &unstructured.Unstructured{}
	u.SetAPIVersion("v1")
	u.SetKind("ConfigMap")
	u.SetName(name)
	u.SetNamespace(ns)
	if err := unstructured.SetNestedField(u.Object, "value", "data", "key"); err != nil {
		return err
	}
	return r.Patch(ctx, u, client.Apply, client.FieldOwner("widgets"))
}

// Good: an apply configuration.
func (r *Reconciler) applyConfiguration(ctx context.Context, name, ns string) error {
	ac := corev1ac.ConfigMap(name, ns).WithData(map[string]string{"key": "value"})
	return r.Apply(ctx, ac, client.FieldOwner("widgets"))
}

// Good: converted, then written with Update (no field ownership taken).
func (r *Reconciler) updated(ctx context.Context, dep *appsv1.Deployment) error {
	m, err := runtime.DefaultUnstructuredConverter.ToUnstructured(dep)
	if err != nil {
		return err
	}
	return r.Update(ctx, &unstructured.Unstructured{Object: m})
}

// Good: converted, then pruned of the fields the struct fills by itself.
func (r *Reconciler) pruned(ctx context.Context, svc *corev1.Service) error {
	m, err := runtime.DefaultUnstructuredConverter.ToUnstructured(svc)
	if err != nil {
		return err
	}
	u := &unstructured.Unstructured{Object: m}
	unstructured.RemoveNestedField(u.Object, "status")
	unstructured.RemoveNestedField(u.Object, "metadata", "creationTimestamp")
	return r.Patch(ctx, u, client.Apply, client.FieldOwner("widgets"))
}

// Good: a merge patch of a converted object.
func (r *Reconciler) merged(ctx context.Context, cm *corev1.ConfigMap) error {
	m, err := runtime.DefaultUnstructuredConverter.ToUnstructured(cm)
	if err != nil {
		return err
	}
	u := &unstructured.Unstructured{Object: m}
	return r.Patch(ctx, u, client.MergeFrom(u.DeepCopy()))
}

// Good: the content of an unstructured converted again is that object's.
func (r *Reconciler) fromUnstructured(ctx context.Context, src *unstructured.Unstructured) error {
	m, err := runtime.DefaultUnstructuredConverter.ToUnstructured(src)
	if err != nil {
		return err
	}
	return r.Patch(ctx, &unstructured.Unstructured{Object: m}, client.Apply, client.FieldOwner("widgets"))
}
