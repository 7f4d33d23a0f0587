// Package crds declares custom resources of the module, one without the
// status subresource (every change outside metadata bumps its generation)
// and one with it.
package crds

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type PolicySpec struct {
	Rules []string `json:"rules,omitempty"`
}

// Policy has no status subresource, and only a resource marker
// (karmada's OverridePolicy).
// +kubebuilder:resource:path=policies,scope=Namespaced
type Policy struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec PolicySpec `json:"spec,omitempty"`
}

func (in *Policy) DeepCopyObject() runtime.Object { out := *in; return &out }

type WidgetStatus struct {
	Ready bool `json:"ready,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Widget has the status subresource: status writes leave the generation.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Status WidgetStatus `json:"status,omitempty"`
}

func (in *Widget) DeepCopyObject() runtime.Object { out := *in; return &out }
