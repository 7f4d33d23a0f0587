package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// GuestbookRestoreSpec defines the desired state of GuestbookRestore.
type GuestbookRestoreSpec struct {
	// BackupName is the one-shot GuestbookBackup to restore from.
	BackupName string `json:"backupName"`
}

// GuestbookRestoreStatus defines the observed state of GuestbookRestore.
type GuestbookRestoreStatus struct {
	// Phase of the restore.
	// +optional
	Phase BackupPhase `json:"phase,omitempty"`
	// JobName is the Job that runs the restore.
	// +optional
	JobName string `json:"jobName,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:printcolumn:name="Backup",type=string,JSONPath=`.spec.backupName`

// GuestbookRestore restores a guestbook from a backup. Its markers lack
// +kubebuilder:subresource:status, so its CRD has no status subresource.
type GuestbookRestore struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   GuestbookRestoreSpec   `json:"spec,omitempty"`
	Status GuestbookRestoreStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// GuestbookRestoreList contains a list of GuestbookRestore.
type GuestbookRestoreList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []GuestbookRestore `json:"items"`
}

func init() {
	SchemeBuilder.Register(&GuestbookRestore{}, &GuestbookRestoreList{})
}
