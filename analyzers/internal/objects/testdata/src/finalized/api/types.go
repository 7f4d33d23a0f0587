// Package api holds the kinds of the fixture, one per way of getting a
// finalizer.
package api

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Kept gets one by controllerutil.AddFinalizer.
type Kept struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

func (in *Kept) DeepCopyObject() runtime.Object { out := *in; return &out } // want DeepCopyObject:`summary\(\)`

// Literal is created with one.
type Literal struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

func (in *Literal) DeepCopyObject() runtime.Object { out := *in; return &out } // want DeepCopyObject:`summary\(\)`

// ViaHelper gets one through a helper of another package.
type ViaHelper struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

func (in *ViaHelper) DeepCopyObject() runtime.Object { out := *in; return &out } // want DeepCopyObject:`summary\(\)`

// Local gets one through a helper of its controller's package.
type Local struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

func (in *Local) DeepCopyObject() runtime.Object { out := *in; return &out } // want DeepCopyObject:`summary\(\)`

// Meta is made from an ObjectMeta built aside with one.
type Meta struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

func (in *Meta) DeepCopyObject() runtime.Object { out := *in; return &out } // want DeepCopyObject:`summary\(\)`

// Defaulted gets one from its webhook's defaulter.
type Defaulted struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

func (in *Defaulted) DeepCopyObject() runtime.Object { out := *in; return &out } // want DeepCopyObject:`summary\(\)`

// Never gets none: its finalizers are only cleared.
type Never struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

func (in *Never) DeepCopyObject() runtime.Object { out := *in; return &out } // want DeepCopyObject:`summary\(\)`

// Foreground is deleted in the foreground: the API server gives it its
// finalizer for the time its dependents take.
type Foreground struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

func (in *Foreground) DeepCopyObject() runtime.Object { out := *in; return &out } // want DeepCopyObject:`summary\(\)`
