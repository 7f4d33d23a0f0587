// Package v1 holds API types of the fixtures.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	// GroupVersion is the group of the package's kinds.
	GroupVersion = schema.GroupVersion{Group: "fleet.example.com", Version: "v1"}
	// SchemeBuilder registers the package's kinds.
	SchemeBuilder = &scheme.Builder{GroupVersion: GroupVersion}
	// AddToScheme adds the package's kinds to a scheme.
	AddToScheme = SchemeBuilder.AddToScheme
)

// Frigate is a kind.
type Frigate struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// DeepCopyObject implements runtime.Object.
func (in *Frigate) DeepCopyObject() runtime.Object { out := *in; return &out }

// FrigateList is a list of Frigate.
type FrigateList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Frigate `json:"items"`
}

// DeepCopyObject implements runtime.Object.
func (in *FrigateList) DeepCopyObject() runtime.Object { out := *in; return &out }

// Dinghy is a kind.
type Dinghy struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// DeepCopyObject implements runtime.Object.
func (in *Dinghy) DeepCopyObject() runtime.Object { out := *in; return &out }

// DinghyList is a list of Dinghy.
type DinghyList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Dinghy `json:"items"`
}

// DeepCopyObject implements runtime.Object.
func (in *DinghyList) DeepCopyObject() runtime.Object { out := *in; return &out }
