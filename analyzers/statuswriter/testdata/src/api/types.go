// Package api declares the custom resources of the fixtures, the way
// kubebuilder lays them out.
package api

import (
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type GuestbookSpec struct {
	Size  int32  `json:"size"`
	Image string `json:"image"`
}

type GuestbookStatus struct {
	Phase      string             `json:"phase,omitempty"`
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Guestbook has a status subresource: the marker sits above the doc
// comment, separated by a blank line, as kubebuilder writes it.
type Guestbook struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   GuestbookSpec   `json:"spec,omitempty"`
	Status GuestbookStatus `json:"status,omitempty"`
}

func (in *Guestbook) DeepCopyObject() runtime.Object {
	return in.DeepCopy()
}

// SetPhase changes status only.
func (in *Guestbook) SetPhase(p string) {
	in.Status.Phase = p
}

// Default changes spec only.
func (in *Guestbook) Default() {
	if in.Spec.Size == 0 {
		in.Spec.Size = 1
	}
}

// MarkReady sets a status condition.
func MarkReady(gb *Guestbook) {
	meta.SetStatusCondition(&gb.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Ready"})
}

// Legacy has a Status field but no status subresource: its CRD keeps status
// in the main resource.
// +kubebuilder:object:root=true
type Legacy struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   GuestbookSpec   `json:"spec,omitempty"`
	Status GuestbookStatus `json:"status,omitempty"`
}

func (in *Legacy) DeepCopyObject() runtime.Object {
	out := *in
	return &out
}

// +kubebuilder:object:root=true
type GuestbookList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Guestbook `json:"items"`
}

func (in *GuestbookList) DeepCopyObject() runtime.Object {
	out := *in
	return &out
}
