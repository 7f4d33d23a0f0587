// Package api declares the custom resources of the fixtures.
// +groupName=example.com
package api

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type Status struct {
	Ready bool `json:"ready"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Widget has the status subresource.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Status            Status `json:"status,omitempty"`
}

func (in *Widget) DeepCopyObject() runtime.Object { out := *in; return &out }

// +kubebuilder:object:root=true

// Gadget has none: its CRD keeps status in the main resource.
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Status            Status `json:"status,omitempty"`
}

func (in *Gadget) DeepCopyObject() runtime.Object { out := *in; return &out }

// Gizmo's marker is in a field's doc comment, where controller-gen does not
// take it as the type's.
// +kubebuilder:object:root=true
// +kubebuilder:resource:path=gizmoes
type Gizmo struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	// +kubebuilder:subresource:status
	Status Status `json:"status,omitempty"`
}

func (in *Gizmo) DeepCopyObject() runtime.Object { out := *in; return &out }
