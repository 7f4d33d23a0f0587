// Package shapes holds the client values fakeclient follows, and those it
// does not.
package shapes

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"
)

var ctx = context.Background()

func direct() {
	c := fake.NewClientBuilder().WithStatusSubresource(&corev1.ConfigMap{}).Build()
	_ = c.Update(ctx, &corev1.ConfigMap{})                    // want `fake, status subresource true`
	_ = c.Update(ctx, &corev1.Secret{})                       // want `fake, status subresource false`
	_ = c.Update(ctx, &appsv1.Deployment{})                   // want `fake, status subresource true`
	_ = c.Status().Update(ctx, &corev1.Secret{})              // want `fake, status subresource false`
	_ = c.SubResource("status").Update(ctx, &corev1.Secret{}) // want `fake, status subresource false`
}

// Two fakes that disagree: not known.
func phi(b bool) {
	c := fake.NewClientBuilder().Build()
	if b {
		c = fake.NewClientBuilder().WithStatusSubresource(&corev1.Secret{}).Build()
	}
	_ = c.Update(ctx, &corev1.Secret{})    // want `not a fake client`
	_ = c.Update(ctx, &corev1.ConfigMap{}) // want `fake, status subresource false`
}

var global client.Client

func init() { global = fake.NewFakeClient() }

func viaGlobal() {
	_ = global.Update(ctx, &corev1.Secret{}) // want `fake, status subresource false`
}

func closure() {
	c := fake.NewClientBuilder().Build()
	func() {
		_ = c.Update(ctx, &corev1.Secret{}) // want `fake, status subresource false`
	}()
}

func intercepted() {
	c := interceptor.NewClient(fake.NewClientBuilder().Build(), interceptor.Funcs{})
	_ = c.Update(ctx, &corev1.Secret{}) // want `fake, status subresource false`
}

// A builder made by a helper, registered by its caller.
func newBuilder() *fake.ClientBuilder { return fake.NewClientBuilder() }

func helperBuilder() {
	c := newBuilder().WithStatusSubresource(&corev1.Secret{}).Build()
	_ = c.Update(ctx, &corev1.Secret{}) // want `fake, status subresource true`
}

// The builder handed to other code: its registrations are unknown.
func configure(b *fake.ClientBuilder) {}

func escaped() {
	b := fake.NewClientBuilder()
	configure(b)
	c := b.Build()
	_ = c.Update(ctx, &corev1.Secret{}) // want `not a fake client`
}

// An exported function's parameter may be any client.
func Exported(c client.Client) {
	_ = c.Update(ctx, &corev1.Secret{}) // want `not a fake client`
}

func unexported(c client.Client) {
	_ = c.Update(ctx, &corev1.Secret{}) // want `fake, status subresource false`
}

func callsUnexported() { unexported(fake.NewFakeClient()) }

type fixture struct{ c client.Client }

func newFixture() *fixture { return &fixture{c: fake.NewFakeClient()} }

func viaFixture() {
	f := newFixture()
	_ = f.c.Update(ctx, &corev1.Secret{}) // want `fake, status subresource false`
}

// A struct whose field is set again elsewhere: the second store counts.
func reassigned(real client.Client) {
	f := &fixture{c: fake.NewFakeClient()}
	f.c = real
	_ = f.c.Update(ctx, &corev1.Secret{}) // want `not a fake client`
}
