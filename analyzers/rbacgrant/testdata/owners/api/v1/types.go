// Package v1 holds the API of the fixture.
// +groupName=webapp.example.com
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// +kubebuilder:object:root=true

// Guestbook owns its ConfigMap; the markers grant guestbooks/finalizers.
type Guestbook struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

func (in *Guestbook) DeepCopyObject() runtime.Object { out := *in; return &out }

// +kubebuilder:object:root=true

// Backup owns its Job; no marker grants backups/finalizers.
type Backup struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

func (in *Backup) DeepCopyObject() runtime.Object { out := *in; return &out }

// +kubebuilder:object:root=true

// Restore owns its ConfigMap through a helper of another package; no
// marker grants restores/finalizers.
type Restore struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

func (in *Restore) DeepCopyObject() runtime.Object { out := *in; return &out }

// +kubebuilder:object:root=true

// Schedule gives its ConfigMap a plain owner reference, or a controller
// reference that does not block: no marker grants schedules/finalizers,
// none is needed.
type Schedule struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

func (in *Schedule) DeepCopyObject() runtime.Object { out := *in; return &out }
