// Package testutil is a test helper package of the module: it builds the
// fake clients the tests of other packages use.
package testutil

import (
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"

	"fixtures/fakeclient"
)

// NewClient gives Widget the status subresource.
func NewClient(objs ...client.Object) client.Client {
	return fake.NewClientBuilder().WithObjects(objs...).WithStatusSubresource(&fakeclient.Widget{}).Build()
}

// NewPlainClient gives no kind of the module the status subresource.
func NewPlainClient() (client.WithWatch, error) {
	return fake.NewClientBuilder().Build(), nil
}
