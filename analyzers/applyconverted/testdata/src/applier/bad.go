package applier

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/convertlib"
)

type Reconciler struct {
	client.Client
}

// Bad: the typed Deployment converted whole, then applied.
func (r *Reconciler) deployment(ctx context.Context, dep *appsv1.Deployment) error {
	m, err := runtime.DefaultUnstructuredConverter.ToUnstructured(dep)
	if err != nil {
		return err
	}
	u := &unstructured.Unstructured{Object: m}
	return r.Patch(ctx, u, client.Apply, client.ForceOwnership, client.FieldOwner("widgets")) // want `server-side apply of u, converted from a typed v1.Deployment with ToUnstructured: every field the struct serialises with its zero value`
}

// Bad: the content set with SetUnstructuredContent.
func (r *Reconciler) service(ctx context.Context, svc *corev1.Service) error {
	m, err := runtime.DefaultUnstructuredConverter.ToUnstructured(svc)
	if err != nil {
		return err
	}
	u := &unstructured.Unstructured{}
	u.SetUnstructuredContent(m)
	return r.Patch(ctx, u, client.Apply, client.FieldOwner("widgets")) // want `server-side apply of u, converted from a typed v1.Service`
}

// Bad: through an apply configuration made from the unstructured.
func (r *Reconciler) configMap(ctx context.Context, cm *corev1.ConfigMap) error {
	m, err := runtime.DefaultUnstructuredConverter.ToUnstructured(cm)
	if err != nil {
		return err
	}
	ac := client.ApplyConfigurationFromUnstructured(&unstructured.Unstructured{Object: m})
	return r.Apply(ctx, ac, client.ForceOwnership, client.FieldOwner("widgets")) // want `server-side apply of ac, converted from a typed v1.ConfigMap`
}

// Bad: the conversion in a helper of this package.
func (r *Reconciler) viaLocal(ctx context.Context, cm *corev1.ConfigMap) error {
	u, err := toUnstructured(cm)
	if err != nil {
		return err
	}
	return r.Patch(ctx, u, client.Apply, client.FieldOwner("widgets")) // want `server-side apply of u, converted from a typed v1.ConfigMap with ToUnstructured \(in toUnstructured\)`
}

func toUnstructured(obj runtime.Object) (*unstructured.Unstructured, error) {
	m, err := runtime.DefaultUnstructuredConverter.ToUnstructured(obj)
	if err != nil {
		return nil, err
	}
	return &unstructured.Unstructured{Object: m}, nil
}

// Bad: the conversion and the apply in helpers of another package.
func (r *Reconciler) viaOther(ctx context.Context, cm *corev1.ConfigMap) error {
	u, err := convertlib.ToUnstructured(cm)
	if err != nil {
		return err
	}
	return convertlib.Apply(ctx, r.Client, u) // want `convertlib.Apply applies u server-side, converted from a typed v1.ConfigMap with ToUnstructured \(in convertlib.ToUnstructured\)`
}
