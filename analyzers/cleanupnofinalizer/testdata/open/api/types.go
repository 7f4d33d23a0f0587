package api

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Bucket's deletion branch does cleanup, and no code gives it a
// finalizer by its type: but a plugin hook may.
type Bucket struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

func (in *Bucket) DeepCopyObject() runtime.Object { out := *in; return &out }
