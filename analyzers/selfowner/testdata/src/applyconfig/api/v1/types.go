// Package v1 holds a custom resource whose apply configurations are
// generated, as applyconfiguration-gen does.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Site is a custom resource.
type Site struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

func (in *Site) DeepCopyObject() runtime.Object {
	out := *in
	return &out
}

// Mirror is another custom resource of the group.
type Mirror struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

func (in *Mirror) DeepCopyObject() runtime.Object {
	out := *in
	return &out
}
