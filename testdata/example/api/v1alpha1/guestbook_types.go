package v1alpha1

import (
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Condition types of a Guestbook.
const (
	// TypeAvailable is True when the frontend Deployment has at least one
	// ready replica.
	TypeAvailable = "Available"
	// TypeProgressing is True while the Deployment rolls out.
	TypeProgressing = "Progressing"
)

// GuestbookSpec defines the desired state of Guestbook.
type GuestbookSpec struct {
	// Image of the guestbook frontend.
	// +kubebuilder:validation:MinLength=1
	Image string `json:"image"`

	// Replicas of the frontend Deployment. Defaults to 1.
	// +kubebuilder:validation:Minimum=0
	// +optional
	Replicas *int32 `json:"replicas,omitempty"`

	// Title shown at the top of the page.
	// +optional
	Title string `json:"title,omitempty"`

	// StorageSize of the redis data volume. Defaults to 1Gi.
	// +optional
	StorageSize *resource.Quantity `json:"storageSize,omitempty"`
}

// GuestbookStatus defines the observed state of Guestbook.
type GuestbookStatus struct {
	// ObservedGeneration is the generation of the spec last acted upon.
	// +optional
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`

	// ReadyReplicas of the frontend Deployment.
	// +optional
	ReadyReplicas int32 `json:"readyReplicas,omitempty"`

	// URL at which the guestbook is served inside the cluster.
	// +optional
	URL string `json:"url,omitempty"`

	// LastProbeTime is when the frontend last answered a probe.
	// +optional
	LastProbeTime *metav1.Time `json:"lastProbeTime,omitempty"`

	// Conditions of the guestbook: Available, Progressing.
	// +listType=map
	// +listMapKey=type
	// +optional
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:printcolumn:name="Ready",type=integer,JSONPath=`.status.readyReplicas`
// +kubebuilder:printcolumn:name="Age",type=date,JSONPath=`.metadata.creationTimestamp`

// Guestbook is the Schema for the guestbooks API.
type Guestbook struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   GuestbookSpec   `json:"spec,omitempty"`
	Status GuestbookStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// GuestbookList contains a list of Guestbook.
type GuestbookList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Guestbook `json:"items"`
}

func init() {
	SchemeBuilder.Register(&Guestbook{}, &GuestbookList{})
}
