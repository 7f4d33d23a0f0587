package shapes

import (
	"context"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
)

type reconciler struct{ client.Client }

func newSecretClient() client.WithWatch {
	return fake.NewClientBuilder().WithStatusSubresource(&corev1.Secret{}).Build()
}

// A reconciler built by a local closure the test calls in a subtest.
func TestClosure(t *testing.T) {
	newReconciler := func() *reconciler {
		return &reconciler{Client: fake.NewFakeClient()}
	}
	t.Run("sub", func(t *testing.T) {
		r := newReconciler()
		_ = r.Update(ctx, &corev1.Secret{}) // want `fake, status subresource false`
	})
	r := newReconciler()
	_ = r.Update(ctx, &corev1.Secret{}) // want `fake, status subresource false`
}

// Twin: the closure's fake registers Secret.
func TestClosureRegistered(t *testing.T) {
	newReconciler := func() *reconciler {
		return &reconciler{Client: newSecretClient()}
	}
	t.Run("sub", func(t *testing.T) {
		r := newReconciler()
		_ = r.Update(ctx, &corev1.Secret{}) // want `fake, status subresource true`
	})
}

// A closure variable assigned twice: either may run.
func TestClosureReassigned(t *testing.T) {
	newReconciler := func() *reconciler {
		return &reconciler{Client: fake.NewFakeClient()}
	}
	if testing.Short() {
		newReconciler = func() *reconciler { return &reconciler{Client: newSecretClient()} }
	}
	r := newReconciler()
	_ = r.Update(ctx, &corev1.Secret{}) // want `not a fake client`
}

// A wrapper that embeds the fake and overrides only Create: its Update is
// the fake's.
type wrapped struct {
	client.WithWatch
	creates int
}

func (w *wrapped) Create(ctx context.Context, obj client.Object, opts ...client.CreateOption) error {
	w.creates++
	return w.WithWatch.Create(ctx, obj, opts...)
}

func newWrapped(inner client.WithWatch) *wrapped { return &wrapped{WithWatch: inner} }

func TestWrapper(t *testing.T) {
	w := newWrapped(fake.NewClientBuilder().Build())
	r := &reconciler{Client: w}
	_ = r.Update(ctx, &corev1.Secret{})          // want `fake, status subresource false`
	_ = r.Status().Update(ctx, &corev1.Secret{}) // want `fake, status subresource false`
	_ = w.Update(ctx, &corev1.Secret{})          // want `fake, status subresource false`
}

// The reconciler as a value: built in a temporary, copied into r, which
// the subtest captures; or kept in a register.
func TestWrapperValue(t *testing.T) {
	w := newWrapped(fake.NewClientBuilder().Build())
	r := reconciler{Client: w}
	t.Run("sub", func(t *testing.T) {
		_ = r.Update(ctx, &corev1.Secret{}) // want `fake, status subresource false`
	})
	kept := reconciler{Client: w}
	_ = kept.Update(ctx, &corev1.Secret{}) // want `fake, status subresource false`
}

// Twin: a wrapper that overrides Update is not the fake.
type updating struct{ client.WithWatch }

func (u *updating) Update(ctx context.Context, obj client.Object, opts ...client.UpdateOption) error {
	return u.WithWatch.Update(ctx, obj, opts...) // want `fake, status subresource`
}

func TestUpdatingWrapper(t *testing.T) {
	r := &reconciler{Client: &updating{WithWatch: fake.NewClientBuilder().Build()}}
	_ = r.Update(ctx, &corev1.Secret{}) // want `not a fake client`
}
