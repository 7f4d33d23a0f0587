package namespaces // want package:`^added\("namespace.example.com" by fixtures/namespaces\)$`

// As korifi's orgs and spaces controllers, this package builds the generic
// finalizer of package descriptor with the name of its kind. The fact: the
// names it adds, for the packages that import it.

import (
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/descriptor"
)

const namespaceFinalizer = "namespace.example.com" // want `finalizer name "namespace.example.com" \(the finalizer name descriptor.NewNamespaceFinalizer takes as finalizerName\) is not domain-qualified: .* rename it to "example.com/namespace"`

func NewFinalizer(c client.Client) *descriptor.NamespaceFinalizer[corev1.Namespace, *corev1.Namespace] {
	return descriptor.NewNamespaceFinalizer[corev1.Namespace](c, namespaceFinalizer, "managed")
}

// Twins: a qualified name; the label key is no name.
func NewQualified(c client.Client) *descriptor.NamespaceFinalizer[corev1.ConfigMap, *corev1.ConfigMap] {
	return descriptor.NewNamespaceFinalizer[corev1.ConfigMap](c, "example.com/namespace", "cleanup")
}
