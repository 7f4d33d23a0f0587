// Package api holds a kind whose managedBy field the API server keeps
// immutable.
// +groupName=batch.example.com
package api

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type WorkSpec struct {
	// ManagedBy names the controller that reconciles the Work; another
	// one's Works are skipped.
	// +kubebuilder:validation:XValidation:rule="self == oldSelf",message="managedBy is immutable"
	// +optional
	ManagedBy *string `json:"managedBy,omitempty"`

	// Suspend may change at any time.
	Suspend bool `json:"suspend,omitempty"`

	// Cluster names the cluster whose instance manager reconciles the
	// Work (it may change).
	Cluster string `json:"cluster,omitempty"`
}

// +kubebuilder:object:root=true

// Work is the reconciled kind.
type Work struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WorkSpec `json:"spec,omitempty"`
}

func (in *Work) DeepCopyObject() runtime.Object { out := *in; return &out }
