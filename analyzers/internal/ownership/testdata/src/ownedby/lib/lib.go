// Package lib holds helpers that create children owned by the object
// they are given, in another package than their callers: their facts
// carry what they create owned by which parameter.
package lib

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// EnsureDeployment creates a Deployment owned by the ConfigMap it is
// given (a typed owner: a typed edge).
func EnsureDeployment(ctx context.Context, c client.Client, s *runtime.Scheme, cm *corev1.ConfigMap) error {
	dep := &appsv1.Deployment{}
	if err := controllerutil.SetControllerReference(cm, dep, s); err != nil { // want `ref v1.ConfigMap owns v1.Deployment`
		return err
	}
	return c.Create(ctx, dep) // want `creates v1.Deployment`
}

// CreateOwned creates obj owned by owner (both parameters: an edge
// between parameters).
func CreateOwned(ctx context.Context, c client.Client, s *runtime.Scheme, owner, obj client.Object) error {
	if err := controllerutil.SetControllerReference(owner, obj, s); err != nil { // want `ref client.Object owns client.Object`
		return err
	}
	return c.Create(ctx, obj) // want `creates client.Object`
}

// Label gives obj an owner reference without creating anything.
func Label(s *runtime.Scheme, owner, obj client.Object) error {
	return controllerutil.SetOwnerReference(owner, obj, s) // want `ref client.Object owns client.Object`
}
