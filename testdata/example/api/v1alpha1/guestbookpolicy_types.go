package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// GuestbookPolicySpec sets what the guestbooks created in a namespace get.
type GuestbookPolicySpec struct {
	// Image is the frontend image of the guestbooks created in the
	// namespace, instead of the operator's default.
	// +optional
	Image string `json:"image,omitempty"`
}

// +kubebuilder:object:root=true

// GuestbookPolicy is the Schema for the guestbookpolicies API: the policy
// named "default" of a namespace applies to it. The type was written by
// hand, without the init that "kubebuilder create api" writes to register
// it (see guestbook_types.go).
type GuestbookPolicy struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec GuestbookPolicySpec `json:"spec,omitempty"`
}

// +kubebuilder:object:root=true

// GuestbookPolicyList contains a list of GuestbookPolicy.
type GuestbookPolicyList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []GuestbookPolicy `json:"items"`
}
