// Package lookup is a library of lookups, as cluster-api's util is.
package lookup

import (
	"context"
	"errors"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// ByName returns the object or an error.
func ByName(ctx context.Context, c client.Client, name string) (*corev1.Namespace, error) { // want ByName:`neverNil`
	ns := &corev1.Namespace{}
	if err := c.Get(ctx, client.ObjectKey{Name: name}, ns); err != nil {
		return nil, fmt.Errorf("getting %s: %w", name, err)
	}
	return ns, nil
}

// FromLabel returns what ByName returns, or an error.
func FromLabel(ctx context.Context, c client.Client, labels map[string]string) (*corev1.Namespace, error) { // want FromLabel:`neverNil`
	if labels["ns"] == "" {
		return nil, errors.New("no label")
	}
	return ByName(ctx, c, labels["ns"])
}

// Owner returns nil, nil when no owner is set.
func Owner(ctx context.Context, c client.Client, refs []string) (*corev1.Namespace, error) {
	for _, r := range refs {
		return ByName(ctx, c, r)
	}
	return nil, nil
}

// Tested returns the error it tested.
func Tested(ctx context.Context, c client.Client) (*corev1.Namespace, error) { // want Tested:`neverNil`
	ns := new(corev1.Namespace)
	err := c.Get(ctx, client.ObjectKey{Name: "a"}, ns)
	if err != nil {
		return nil, err
	}
	return ns, nil
}

// Untested returns an error variable that may be nil.
func Untested(ctx context.Context, c client.Client) (*corev1.Namespace, error) {
	ns := &corev1.Namespace{}
	err := c.Get(ctx, client.ObjectKey{Name: "a"}, ns)
	if ns.Name == "" {
		return nil, err
	}
	return ns, nil
}

// Cached returns a variable that may be nil.
func Cached(m map[string]*corev1.Namespace, name string) (*corev1.Namespace, error) {
	ns := m[name]
	return ns, nil
}

// Reassigned gives the variable a value that may be nil.
func Reassigned(m map[string]*corev1.Namespace, name string) (*corev1.Namespace, error) {
	ns := &corev1.Namespace{}
	if name != "" {
		ns = m[name]
	}
	return ns, nil
}

// Named returns its named results bare.
func Named(name string) (ns *corev1.Namespace, err error) {
	if name == "" {
		err = errors.New("no name")
	}
	return
}
