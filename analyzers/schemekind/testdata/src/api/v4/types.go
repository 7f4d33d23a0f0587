// Package v4 holds API types of the fixtures.
package v4

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	// GroupVersion is the group of the package's kinds.
	GroupVersion = schema.GroupVersion{Group: "fleet.example.com", Version: "v4"}
	// SchemeBuilder registers the package's kinds.
	SchemeBuilder = &scheme.Builder{GroupVersion: GroupVersion}
	// AddToScheme adds the package's kinds to a scheme.
	AddToScheme = SchemeBuilder.AddToScheme
)

// Yawl is a kind.
type Yawl struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// DeepCopyObject implements runtime.Object.
func (in *Yawl) DeepCopyObject() runtime.Object { out := *in; return &out }

// YawlList is a list of Yawl.
type YawlList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Yawl `json:"items"`
}

// DeepCopyObject implements runtime.Object.
func (in *YawlList) DeepCopyObject() runtime.Object { out := *in; return &out }
