// Package kube is a helper package of the module: its functions are seen
// through facts.
package kube

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// GetSecret makes its own context for the Get.
func GetSecret(c client.Client, key types.NamespacedName) (*corev1.Secret, error) {
	s := &corev1.Secret{}
	return s, c.Get(context.TODO(), key, s)
}

// GetConfigMap takes the caller's context.
func GetConfigMap(ctx context.Context, c client.Client, key types.NamespacedName) (*corev1.ConfigMap, error) {
	cm := &corev1.ConfigMap{}
	return cm, c.Get(ctx, key, cm)
}

// Background keeps a context for later, not for a call it makes.
func Background() context.Context { return context.Background() }
