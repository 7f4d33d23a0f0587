package services // want package:`conditions\(k8s.io/api/core/v1.Service spec.type=LoadBalancer\)`

// This package updates Services for the controller package, which
// makes LoadBalancers elsewhere: whether the service controller writes
// these Services is decided here, where they are made and updated.

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// EnsureMetrics creates the metrics Service as a ClusterIP one when it
// finds none, and refreshes the annotations of the one it finds: the
// Service is as this function makes it, which the service controller
// leaves alone.
func EnsureMetrics(ctx context.Context, c client.Client, key types.NamespacedName) error { // want EnsureMetrics:`updates\(\*k8s.io/api/core/v1.Service@services.go:23\)`
	svc := &corev1.Service{}
	if err := c.Get(ctx, key, svc); err == nil {
		svc.Annotations = map[string]string{"example.com/scrape": "true"}
		return c.Update(ctx, svc)
	}
	svc.Namespace, svc.Name = key.Namespace, key.Name
	svc.Spec.Type = corev1.ServiceTypeClusterIP
	return c.Create(ctx, svc)
}

// Expose sets the type its caller asks for.
func Expose(ctx context.Context, c client.Client, key types.NamespacedName, typ corev1.ServiceType) error { // want Expose:`updates\(\*k8s.io/api/core/v1.Service@services.go:37\)`
	svc := &corev1.Service{}
	if err := c.Get(ctx, key, svc); err != nil {
		return err
	}
	svc.Spec.Type = typ
	return c.Update(ctx, svc)
}
