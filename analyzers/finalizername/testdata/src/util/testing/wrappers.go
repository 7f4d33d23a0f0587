package testing // want package:`^added\("deleted" by fixtures/util/testing; "finalizer" by fixtures/util/testing; "mirror" by fixtures/util/testing; "undeleted" by fixtures/util/testing\)$`

// This package builds objects for the tests of other packages, as
// gateway-api-inference-extension's pkg/lwepp/util/testing does
// (wrappers.go): it imports nothing only tests import, so only the fake
// deletions tell its code from the controller's. The fact: the names of
// its code that is not test code.

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// PodWrapper wraps a Pod.
type PodWrapper struct {
	corev1.Pod
}

// MakePod creates a wrapper for a Pod.
func MakePod(name string) *PodWrapper {
	return &PodWrapper{corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: name}}}
}

// DeletionTimestamp makes the Pod terminating, which needs some
// finalizer: a deletion timestamp only the API server sets on a real
// object, so a fake for a test.
func (p *PodWrapper) DeletionTimestamp() *PodWrapper {
	now := metav1.Now()
	p.ObjectMeta.DeletionTimestamp = &now
	p.Finalizers = []string{"finalizer"}
	return p
}

// Terminating fakes the deletion in the literal.
func Terminating(name string) *corev1.Pod {
	return &corev1.Pod{ObjectMeta: metav1.ObjectMeta{
		Name:              name,
		DeletionTimestamp: &metav1.Time{},
		Finalizers:        []string{"finalizer"},
	}}
}

// A terminating Pod kept in a variable.
var terminatingPod = corev1.Pod{ObjectMeta: metav1.ObjectMeta{
	DeletionTimestamp: &metav1.Time{},
	Finalizers:        []string{"fake"},
}}

// Deleted fakes the deletion through the object's interface.
func Deleted(obj client.Object) {
	now := metav1.Now()
	obj.SetDeletionTimestamp(&now)
	controllerutil.AddFinalizer(obj, "test")
}

// Twins: no deletion faked beside the name.

// Finalizer gives the Pod the same name, alone.
func (p *PodWrapper) Finalizer() *PodWrapper {
	p.Finalizers = []string{"finalizer"} // want `finalizer name "finalizer" is not domain-qualified`
	return p
}

// Mirror copies another object's deletion timestamp, a real one.
func Mirror(dst, src *corev1.Pod) {
	dst.DeletionTimestamp = src.DeletionTimestamp
	dst.Finalizers = []string{"mirror"} // want `finalizer name "mirror" is not domain-qualified`
}

// MarkDeleted sets the caller's timestamp, which may be a real one.
func MarkDeleted(obj client.Object, at *metav1.Time) {
	obj.SetDeletionTimestamp(at)
	controllerutil.AddFinalizer(obj, "deleted") // want `finalizer name "deleted" is not domain-qualified`
}

// Undelete clears the timestamp: nothing faked.
func Undelete(p *PodWrapper) {
	p.ObjectMeta.DeletionTimestamp = nil
	controllerutil.AddFinalizer(&p.Pod, "undeleted") // want `finalizer name "undeleted" is not domain-qualified`
}
