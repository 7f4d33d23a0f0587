// Package fetch holds helpers of the module that read objects from the
// server, in a package of their own: updatepatch sees their fetches
// through the object layer's summary facts.
package fetch

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Into reads the object into obj.
func Into(ctx context.Context, c client.Reader, key client.ObjectKey, obj client.Object) error {
	return c.Get(ctx, key, obj)
}

// ConfigMap returns the config map it read.
func ConfigMap(ctx context.Context, c client.Reader, key client.ObjectKey) (*corev1.ConfigMap, error) {
	cm := &corev1.ConfigMap{}
	if err := c.Get(ctx, key, cm); err != nil {
		return nil, err
	}
	return cm, nil
}

// NewConfigMap builds one; it reads nothing.
func NewConfigMap(key client.ObjectKey) *corev1.ConfigMap {
	return &corev1.ConfigMap{}
}
