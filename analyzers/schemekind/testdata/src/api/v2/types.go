// Package v2 holds API types of the fixtures.
package v2

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	// GroupVersion is the group of the package's kinds.
	GroupVersion = schema.GroupVersion{Group: "fleet.example.com", Version: "v2"}
	// SchemeBuilder registers the package's kinds.
	SchemeBuilder = &scheme.Builder{GroupVersion: GroupVersion}
	// AddToScheme adds the package's kinds to a scheme.
	AddToScheme = SchemeBuilder.AddToScheme
)

// Sloop is a kind.
type Sloop struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// DeepCopyObject implements runtime.Object.
func (in *Sloop) DeepCopyObject() runtime.Object { out := *in; return &out }

// SloopList is a list of Sloop.
type SloopList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Sloop `json:"items"`
}

// DeepCopyObject implements runtime.Object.
func (in *SloopList) DeepCopyObject() runtime.Object { out := *in; return &out }
