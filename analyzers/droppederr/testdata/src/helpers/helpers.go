// Package helpers holds cleanup helpers used from another package: their
// client errors and finalizer removals reach package loggederrors as facts.
package helpers

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/klog/v2"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const Finalizer = "example.com/cleanup"

// DeleteOwned deletes the pods of ns; its error carries the client's.
func DeleteOwned(ctx context.Context, c client.Client, ns string) (int, error) {
	var list corev1.PodList
	if err := c.List(ctx, &list, client.InNamespace(ns)); err != nil {
		return 0, err
	}
	n := 0
	for _, pod := range list.Items {
		if err := c.Delete(ctx, &pod); err != nil {
			return n, fmt.Errorf("delete %s: %w", pod.Name, err)
		}
		n++
	}
	return n, nil
}

// DropFinalizer removes the finalizer from obj.
func DropFinalizer(obj client.Object) {
	controllerutil.RemoveFinalizer(obj, Finalizer)
}

// Cleanup is a bad case inside the helpers package: a function returning
// only error.
func Cleanup(ctx context.Context, c client.Client, obj *corev1.ConfigMap) error {
	if err := c.DeleteAllOf(ctx, &corev1.Secret{}, client.InNamespace(obj.Namespace)); err != nil {
		klog.ErrorS(err, "deleting secrets", "configmap", klog.KObj(obj)) // want `the error of DeleteAllOf is only logged, then a finalizer is removed`
	}
	DropFinalizer(obj)
	return c.Update(ctx, obj)
}

// CleanupOK returns the error.
func CleanupOK(ctx context.Context, c client.Client, obj *corev1.ConfigMap) error {
	if err := c.DeleteAllOf(ctx, &corev1.Secret{}, client.InNamespace(obj.Namespace)); err != nil {
		klog.ErrorS(err, "deleting secrets", "configmap", klog.KObj(obj))
		return err
	}
	DropFinalizer(obj)
	return c.Update(ctx, obj)
}
