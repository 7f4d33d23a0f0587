// Package v1 holds the API of the fixtures.
// +groupName=webapp.example.com
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Guestbook is the reconciled kind.
type Guestbook struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Status            struct{ Ready bool } `json:"status,omitempty"`
}

func (in *Guestbook) DeepCopyObject() runtime.Object { out := *in; return &out }
