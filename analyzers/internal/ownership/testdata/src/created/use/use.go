// Package use updates objects of types that it, or a package it imports,
// creates with owner references, or not.
package use

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"fixtures/created/secrets"
)

func Sync(ctx context.Context, c client.Client, owner client.Object) error {
	cm := &corev1.ConfigMap{}
	if err := controllerutil.SetControllerReference(owner, cm, c.Scheme()); err != nil {
		return err
	}
	if err := c.Create(ctx, cm); err != nil {
		return err
	}
	svc := &corev1.Service{}
	if err := c.Create(ctx, svc); err != nil { // created, no owner reference
		return err
	}
	dep := &appsv1.Deployment{}
	if err := controllerutil.SetOwnerReference(owner, dep, c.Scheme()); err != nil { // an owner, never created
		return err
	}
	if err := secrets.Secret(ctx, c, owner, &corev1.Secret{}); err != nil {
		return err
	}
	_ = c.Update(ctx, cm)                    // want `creates owned`
	_ = c.Update(ctx, svc)                   // want `not owned`
	_ = c.Update(ctx, dep)                   // want `not owned`
	_ = c.Update(ctx, &corev1.Secret{})      // want `creates owned`
	_ = c.Update(ctx, &appsv1.StatefulSet{}) // want `not owned`
	return nil
}
