package identity

import (
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"fixtures/probe"
)

// toStatefulSet is a conversion of the module: the same object in another
// form.
func toStatefulSet(d *appsv1.Deployment) *appsv1.StatefulSet {
	return &appsv1.StatefulSet{ObjectMeta: d.ObjectMeta}
}

// pair makes a new object of two.
func pair(d *appsv1.Deployment, s *corev1.Service) *corev1.ConfigMap {
	return &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: d.Name + s.Name}}
}

// A call given the object alone and returning an object converts it (a
// deep copy too); one given two objects makes another; a copy is not
// converted from an object it was not given.
func ConvertedCopies(d, other *appsv1.Deployment, s *corev1.Service) {
	probe.Converted(toStatefulSet(d), d)     // want `converted`
	probe.Converted(d.DeepCopy(), d)         // want `converted`
	probe.Converted(pair(d, s), d)           // want `another`
	probe.Converted(toStatefulSet(other), d) // want `another`
	probe.Converted(d, d)                    // want `another`
}

// A converted copy kept in a variable a closure captures (the deferred
// conversion back) is still the conversion.
func CapturedConversion(d *appsv1.Deployment) {
	s := toStatefulSet(d)
	defer func() { s.Name = "" }()
	probe.Converted(s, d) // want `converted`
}
