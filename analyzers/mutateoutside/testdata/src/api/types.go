// Package api declares a kind whose spec cannot change once made.
// +groupName=batch.example.com
package api

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// RunSpec is what a Run executes.
type RunSpec struct {
	Image string `json:"image"`
}

// +kubebuilder:object:root=true

// Run executes once: its spec is immutable.
type Run struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	// +kubebuilder:validation:XValidation:rule="self == oldSelf",message="spec is immutable"
	Spec RunSpec `json:"spec"`
}

// DeepCopyObject implements runtime.Object.
func (in *Run) DeepCopyObject() runtime.Object {
	out := *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	return &out
}
