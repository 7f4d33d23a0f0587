// Package recreate: a Delete whose error is discarded, followed on every
// path by a Create of the same object whose error is returned. A failed
// Delete leaves the object in place: the Create then fails
// (AlreadyExists) and that error is returned.
package recreate

import (
	"context"
	"fmt"

	coordv1 "k8s.io/api/coordination/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
)

type Handler struct {
	base   client.Client
	remote client.Client
}

// Not reported: openyurt's test helper UpdateLease.
func (m *Handler) UpdateLease(lease *coordv1.Lease) error {
	if lease == nil {
		return nil
	}
	m.base.Delete(context.TODO(), lease)
	if err := m.base.Create(context.TODO(), lease); err != nil {
		return err
	}
	return nil
}

// Not reported: each path creates it again.
func (m *Handler) replaceEither(ctx context.Context, cm *corev1.ConfigMap, labelled bool) error {
	_ = m.base.Delete(ctx, cm)
	if labelled {
		cm.Labels = map[string]string{"tier": "web"}
		if err := m.base.Create(ctx, cm); err != nil {
			return err
		}
		return nil
	}
	if err := m.base.Create(ctx, cm); err != nil {
		return err
	}
	return nil
}

// Not reported: logged and returned wrapped.
func (m *Handler) replaceWrapped(ctx context.Context, cm *corev1.ConfigMap) error {
	_ = m.base.Delete(ctx, cm)
	if err := m.base.Create(ctx, cm); err != nil {
		logf.FromContext(ctx).Error(err, "recreating")
		return fmt.Errorf("recreating %s: %w", cm.Name, err)
	}
	return nil
}

// Twins, reported.

// The Create is of another object: the one the Delete failed on stays.
func (m *Handler) replaceOther(ctx context.Context, old, cm *corev1.ConfigMap) error {
	_ = m.base.Delete(ctx, old) // want `the error of Delete is discarded, then replaceOther returns success`
	if err := m.base.Create(ctx, cm); err != nil {
		return err
	}
	return nil
}

// Only one path creates again.
func (m *Handler) replaceSometimes(ctx context.Context, cm *corev1.ConfigMap, again bool) error {
	_ = m.base.Delete(ctx, cm) // want `the error of Delete is discarded, then replaceSometimes returns success`
	if again {
		if err := m.base.Create(ctx, cm); err != nil {
			return err
		}
	}
	return nil
}

// The Create's AlreadyExists is let through: a failed Delete goes
// unnoticed.
func (m *Handler) replaceIgnoring(ctx context.Context, cm *corev1.ConfigMap) error {
	_ = m.base.Delete(ctx, cm) // want `the error of Delete is discarded, then replaceIgnoring returns success`
	if err := m.base.Create(ctx, cm); client.IgnoreAlreadyExists(err) != nil {
		return err
	}
	return nil
}

func (m *Handler) replaceTolerant(ctx context.Context, cm *corev1.ConfigMap) error {
	_ = m.base.Delete(ctx, cm) // want `the error of Delete is discarded, then replaceTolerant returns success`
	if err := m.base.Create(ctx, cm); err != nil && !apierrors.IsAlreadyExists(err) {
		return err
	}
	return nil
}

// Deleted from one cluster, created in another.
func (m *Handler) move(ctx context.Context, cm *corev1.ConfigMap) error {
	_ = m.remote.Delete(ctx, cm) // want `the error of Delete is discarded, then move returns success`
	if err := m.base.Create(ctx, cm); err != nil {
		return err
	}
	return nil
}
