// Package v3 holds API types of the fixtures.
package v3

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	// GroupVersion is the group of the package's kinds.
	GroupVersion = schema.GroupVersion{Group: "fleet.example.com", Version: "v3"}
	// SchemeBuilder registers the package's kinds.
	SchemeBuilder = &scheme.Builder{GroupVersion: GroupVersion}
	// AddToScheme adds the package's kinds to a scheme.
	AddToScheme = SchemeBuilder.AddToScheme
)

// Ketch is a kind.
type Ketch struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// DeepCopyObject implements runtime.Object.
func (in *Ketch) DeepCopyObject() runtime.Object { out := *in; return &out }

// KetchList is a list of Ketch.
type KetchList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Ketch `json:"items"`
}

// DeepCopyObject implements runtime.Object.
func (in *KetchList) DeepCopyObject() runtime.Object { out := *in; return &out }
