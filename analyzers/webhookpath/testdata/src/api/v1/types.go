// Package v1 declares the fixtures' kinds, as kubebuilder lays them out.
// +groupName=batch.tutorial.example.com
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// +kubebuilder:object:root=true

// CronJob has a defaulting and a validating webhook.
type CronJob struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// DeepCopyObject implements runtime.Object.
func (in *CronJob) DeepCopyObject() runtime.Object {
	out := *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	return &out
}

// +kubebuilder:object:root=true

// Widget has a validating webhook only, at a custom path.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// DeepCopyObject implements runtime.Object.
func (in *Widget) DeepCopyObject() runtime.Object {
	out := *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	return &out
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Task has a defaulting webhook on its status subresource, as korifi's
// CFTask does: the defaulter fills status fields.
type Task struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Status            TaskStatus `json:"status,omitempty"`
}

// TaskStatus is what the defaulter fills.
type TaskStatus struct {
	SequenceID int64 `json:"sequenceID,omitempty"`
	MemoryMB   int64 `json:"memoryMB,omitempty"`
}

// DeepCopyObject implements runtime.Object.
func (in *Task) DeepCopyObject() runtime.Object {
	out := *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	return &out
}
