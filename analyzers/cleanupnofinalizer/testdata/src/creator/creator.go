// Package creator creates the Born objects, with their finalizer.
package creator

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/api"
)

// Create makes a Born object that carries its finalizer from the start.
func Create(ctx context.Context, c client.Client, ns, name string) error {
	return c.Create(ctx, &api.Born{ObjectMeta: metav1.ObjectMeta{
		Namespace:  ns,
		Name:       name,
		Finalizers: []string{"example.com/born"},
	}})
}
