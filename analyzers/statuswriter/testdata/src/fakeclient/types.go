// Package fakeclient has two kinds with a status subresource, tested
// with controller-runtime's fake client.
package fakeclient

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type WidgetStatus struct {
	Phase string `json:"phase,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Widget is registered with WithStatusSubresource in some tests.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Status WidgetStatus `json:"status,omitempty"`
}

func (in *Widget) DeepCopyObject() runtime.Object {
	out := *in
	return &out
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Gadget is never registered with WithStatusSubresource.
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Status WidgetStatus `json:"status,omitempty"`
}

func (in *Gadget) DeepCopyObject() runtime.Object {
	out := *in
	return &out
}
