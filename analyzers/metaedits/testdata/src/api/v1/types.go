// Package v1 declares a kind whose methods read its annotations.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// PausedAnnotation stops the reconciliation of a Cluster.
const PausedAnnotation = "example.com/paused"

// Cluster is the fixture's kind.
type Cluster struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// DeepCopyObject implements runtime.Object.
func (in *Cluster) DeepCopyObject() runtime.Object {
	out := *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	return &out
}

// IsPaused tells whether a user paused the cluster.
func (in *Cluster) IsPaused() bool {
	return in.Annotations[PausedAnnotation] == "true"
}

// Store is a second kind, whose controller keeps a hash.
type Store struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// DeepCopyObject implements runtime.Object.
func (in *Store) DeepCopyObject() runtime.Object {
	out := *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	return &out
}
