// Package upsertlib holds helpers of the module in another package: a
// constructor that fills a Service, an upsert that never sets the desired
// state, and one that takes the mutate function from its caller.
package upsertlib

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// NewService makes the desired Service of an app.
func NewService(name, ns string) *corev1.Service {
	svc := &corev1.Service{}
	svc.Name = name
	svc.Namespace = ns
	svc.Labels = map[string]string{"app": name}
	svc.Spec.Ports = []corev1.ServicePort{{Port: 80}}
	return svc
}

// Ensure creates obj, or leaves the live one as it is: whatever the caller
// set besides the name is lost on update.
func Ensure(ctx context.Context, c client.Client, obj client.Object) error { // want Ensure:`upserts\(2\)`
	_, err := controllerutil.CreateOrUpdate(ctx, c, obj, func() error { return nil })
	return err
}

// EnsureWith hands the caller's mutate function on: the caller's function
// decides.
func EnsureWith(ctx context.Context, c client.Client, obj client.Object, f controllerutil.MutateFn) error {
	_, err := controllerutil.CreateOrUpdate(ctx, c, obj, f)
	return err
}
