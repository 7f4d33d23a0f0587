// Package shadowed declares errors in inner blocks that hide the one the
// function returns.
package shadowed

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/klog/v2"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct {
	client.Client
}

func (r *Reconciler) build(ctx context.Context) (*corev1.ConfigMap, error) {
	cm := &corev1.ConfigMap{}
	return cm, r.Create(ctx, cm)
}

// The failure of build is only tested, then the old err is returned.
func (r *Reconciler) sync(ctx context.Context, enabled bool) error {
	var err error
	if enabled {
		cm, err := r.build(ctx) // want `err := declares a new err that hides the one read at line 31: when r.build fails, its error is only compared with nil here and then dropped, and the function goes on with the old err; assign it with = \(declare the other variables first\)`
		if err == nil {
			cm.Data = map[string]string{}
		}
	}
	return err
}

// Named results and a bare return.
func (r *Reconciler) named(ctx context.Context, enabled bool) (cm *corev1.ConfigMap, err error) {
	if enabled {
		cm, err := r.build(ctx) // want `err := declares a new err that hides the one read at line 43`
		if err != nil {
			cm = nil
		}
		_ = cm
	}
	return
}

// Twins, not reported.

// The inner error is returned.
func (r *Reconciler) returned(ctx context.Context, enabled bool) error {
	var err error
	if enabled {
		cm, err := r.build(ctx)
		if err != nil {
			return err
		}
		cm.Data = map[string]string{}
	}
	return err
}

// The outer err is assigned again before it is read.
func (r *Reconciler) reassigned(ctx context.Context, enabled bool) error {
	var err error
	if enabled {
		cm, err := r.build(ctx)
		if err == nil {
			cm.Data = map[string]string{}
		}
	}
	err = r.Update(ctx, &corev1.ConfigMap{})
	return err
}

// The outer err is never read after the block.
func (r *Reconciler) notRead(ctx context.Context, enabled bool) {
	err := r.Update(ctx, &corev1.ConfigMap{})
	if err != nil {
		return
	}
	if enabled {
		cm, err := r.build(ctx)
		if err == nil {
			cm.Data = map[string]string{}
		}
	}
}

// A blank identifier in an inner block declares nothing.
func (r *Reconciler) blank(ctx context.Context, enabled bool) error {
	var err error
	if enabled {
		cm, _ := r.build(ctx)
		_ = cm
	}
	return err
}

// The inner failure ends the program: dealt with, not dropped.
func (r *Reconciler) fatal(ctx context.Context, enabled bool) error {
	var err error
	if enabled {
		if _, err := r.build(ctx); err != nil {
			klog.Fatalf("cannot build")
		}
	}
	return err
}

// The error lives in the if alone, and its condition asks for success: a
// failure deliberately means "not this case" (tigera-operator parses an
// endpoint this way), not a failure meant for the function's err.
func (r *Reconciler) tried(endpoint string, enabled bool) error {
	var err error
	if enabled {
		if s, err := scheme(endpoint); err == nil && s == "https" {
			klog.Info("TLS endpoint")
		}
	}
	return err
}

// scheme parses the scheme of an endpoint: a computation, no request.
func scheme(endpoint string) (string, error) {
	if len(endpoint) < 8 {
		return "", context.Canceled
	}
	return endpoint[:5], nil
}
