// Package notfound pins which helpers' errors may stand for a NotFound,
// unfiltered: a lookup of another object, or a delete.
package notfound

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A lookup of a dependency, its error returned as it is.
func Credentials(ctx context.Context, c client.Client, key client.ObjectKey) (*corev1.Secret, error) { // want Credentials:`notFound\(lookup\)`
	s := &corev1.Secret{}
	if err := c.Get(ctx, key, s); err != nil {
		return nil, fmt.Errorf("credentials: %w", err)
	}
	return s, nil
}

// A delete whose NotFound is returned.
func Purge(ctx context.Context, c client.Client, name string) error { // want Purge:`notFound\(delete\)`
	return c.Delete(ctx, &corev1.ConfigMap{})
}

// Through another helper.
func PurgeAll(ctx context.Context, c client.Client) error { // want PurgeAll:`notFound\(delete\)`
	if err := Purge(ctx, c, "a"); err != nil {
		return err
	}
	return nil
}

// Twins: filtered, a re-read of a parameter, a delete of what was just
// listed.

func CredentialsOrNil(ctx context.Context, c client.Client, key client.ObjectKey) (*corev1.Secret, error) { // want CredentialsOrNil:`^summary\(returnsFetched\(0\) clientError\(writes=false\)\)$`
	s := &corev1.Secret{}
	if err := c.Get(ctx, key, s); err != nil {
		if apierrors.IsNotFound(err) {
			return nil, nil
		}
		return nil, err
	}
	return s, nil
}

// PurgeQuietly gets no fact: its error is no client error a caller sees.
func PurgeQuietly(ctx context.Context, c client.Client) error {
	return client.IgnoreNotFound(c.Delete(ctx, &corev1.ConfigMap{}))
}

func Refresh(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error { // want Refresh:`^summary\(changes\(2, 0, 16\) fetched\(2\) clientError\(writes=false\)\)$`
	return c.Get(ctx, client.ObjectKeyFromObject(cm), cm)
}

func PurgeListed(ctx context.Context, c client.Client) error { // want PurgeListed:`^summary\(clientError\(writes=true\)\)$`
	var list corev1.ConfigMapList
	if err := c.List(ctx, &list); err != nil {
		return client.IgnoreNotFound(err)
	}
	for i := range list.Items {
		if err := c.Delete(ctx, &list.Items[i]); err != nil {
			return err
		}
	}
	return nil
}
