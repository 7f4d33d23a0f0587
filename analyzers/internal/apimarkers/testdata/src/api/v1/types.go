package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

type GuestbookStatus struct {
	Ready bool `json:"ready"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Guestbook has the status subresource: the markers sit above the doc
// comment, separated by a blank line, as kubebuilder writes them.
type Guestbook struct { // want `kind Guestbook plural=guestbooks status`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Status            GuestbookStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// GuestbookList is a root object too, without a status.
type GuestbookList struct { // want `kind GuestbookList plural=guestbooklists`
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Guestbook `json:"items"`
}

// Policy keeps its status in the main resource: no subresource marker.
// Its plural is controller-gen's default, an English one.
// +kubebuilder:object:root=true
type Policy struct { // want `kind Policy plural=policies`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Status            GuestbookStatus `json:"status,omitempty"`
}

// Database sets its plural and scope.
// +kubebuilder:object:root=true
// +kubebuilder:resource:path=dbs,scope=Cluster,shortName=db
// +kubebuilder:subresource:status
type Database struct { // want `kind Database plural=dbs status cluster`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Status            GuestbookStatus `json:"status,omitempty"`
}

// Helper has no marker: not a kind.
type Helper struct {
	Name string
}

// A subresource marker in a field's doc is not the type's.
type Wrapper struct {
	// +kubebuilder:subresource:status
	Inner Helper
}

// WorkSpec's managedBy is kept immutable by the API server; a rule that
// only bounds a value is no such promise.
type WorkSpec struct {
	// +kubebuilder:validation:XValidation:rule="self == oldSelf",message="managedBy is immutable"
	ManagedBy string `json:"managedBy,omitempty"` // want `immutable WorkSpec.ManagedBy`
	// +kubebuilder:validation:XValidation:rule="self >= 1",message="at least one"
	Replicas int32 `json:"replicas"`
	// +kubebuilder:validation:XValidation:rule="oldSelf==self"
	Class string `json:"class,omitempty"` // want `immutable WorkSpec.Class`
}

// +genclient
// +kubebuilder:resource:shortName=mon

// Monitor is declared code-generator style: no object:root marker, but a
// resource marker, so controller-gen makes its CRD (namespaced).
type Monitor struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// Falco has two resource markers, as falco-operator's: controller-gen
// applies both, so its plural is the second one's path.
// +kubebuilder:object:root=true
// +kubebuilder:resource:categories=falco,shortName=fal
// +kubebuilder:resource:path=falcos
type Falco struct { // want `kind Falco plural=falcos`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}
