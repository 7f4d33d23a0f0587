// Package util holds the helpers of the controllers: a client for the
// cluster a control plane is hosted in, and namespaces there.
package util

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/client-go/tools/clientcmd"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// HostClient makes a client of the cluster whose kubeconfig the Secret
// holds, read through the management cluster's client.
func HostClient(ctx context.Context, mgmt client.Client, key client.ObjectKey) (client.Client, error) {
	secret := &corev1.Secret{}
	if err := mgmt.Get(ctx, key, secret); err != nil {
		return nil, err
	}
	cfg, err := clientcmd.RESTConfigFromKubeConfig(secret.Data["value"])
	if err != nil {
		return nil, err
	}
	return client.New(cfg, client.Options{Scheme: mgmt.Scheme()})
}

// EnsureNamespace creates the namespace in the cluster of c unless it
// exists.
func EnsureNamespace(ctx context.Context, c client.Client, name string) error {
	ns := &corev1.Namespace{}
	err := c.Get(ctx, client.ObjectKey{Name: name}, ns)
	if err == nil || !apierrors.IsNotFound(err) {
		return err
	}
	ns.Name = name
	if err := c.Create(ctx, ns); err != nil && !apierrors.IsAlreadyExists(err) {
		return fmt.Errorf("creating namespace %s: %w", name, err)
	}
	return nil
}
