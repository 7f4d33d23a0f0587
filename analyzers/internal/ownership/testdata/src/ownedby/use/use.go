// Package use calls the helpers of lib and its own: what each call
// creates owned by which argument, and the library calls by value.
package use

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"fixtures/ownedby/lib"
)

func ensureService(ctx context.Context, c client.Client, s *runtime.Scheme, cm *corev1.ConfigMap) error {
	svc := &corev1.Service{}
	_, err := controllerutil.CreateOrUpdate(ctx, c, svc, func() error { // want `creates v1.Service`
		return controllerutil.SetControllerReference(cm, svc, s) // want `ref v1.ConfigMap owns v1.Service`
	})
	return err
}

func Calls(ctx context.Context, c client.Client, s *runtime.Scheme, cm *corev1.ConfigMap) error {
	if err := ensureService(ctx, c, s, cm); err != nil { // want `creates k8s.io/api/core/v1.Service owned by #3`
		return err
	}
	if err := lib.EnsureDeployment(ctx, c, s, cm); err != nil { // want `creates k8s.io/api/apps/v1.Deployment owned by #3`
		return err
	}
	if err := lib.CreateOwned(ctx, c, s, cm, &appsv1.StatefulSet{}); err != nil { // want `creates #4 owned by #3`
		return err
	}
	return lib.Label(s, cm, &corev1.Secret{}) // nothing created
}
