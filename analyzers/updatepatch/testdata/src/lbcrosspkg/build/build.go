package build // want package:`conditions\(k8s.io/api/core/v1.Service spec.type=LoadBalancer\)`

// This package makes the Services of the operator: LoadBalancers.

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Service returns the operator's public Service.
func Service(ns, name string) *corev1.Service {
	return &corev1.Service{
		ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: name},
		Spec:       corev1.ServiceSpec{Type: corev1.ServiceTypeLoadBalancer},
	}
}
