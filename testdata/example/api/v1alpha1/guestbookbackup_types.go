package v1alpha1

import (
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// BackupPhase is the stage a one-shot GuestbookBackup is in.
// +kubebuilder:validation:Enum=Pending;Running;Completed;Failed
type BackupPhase string

// Phases of a one-shot GuestbookBackup.
const (
	BackupPending   BackupPhase = "Pending"
	BackupRunning   BackupPhase = "Running"
	BackupCompleted BackupPhase = "Completed"
	BackupFailed    BackupPhase = "Failed"
)

// GuestbookBackupSpec defines the desired state of GuestbookBackup.
type GuestbookBackupSpec struct {
	// GuestbookName is the Guestbook, in the same namespace, whose redis
	// data is dumped.
	// +kubebuilder:validation:MinLength=1
	GuestbookName string `json:"guestbookName"`

	// Interval, when set, makes this a recurring backup: every Interval
	// the controller creates a one-shot GuestbookBackup owned by this one.
	// +optional
	Interval *metav1.Duration `json:"interval,omitempty"`

	// HistoryLimit is the number of one-shot backups a recurring backup
	// keeps. Defaults to 3.
	// +kubebuilder:validation:Minimum=1
	// +optional
	HistoryLimit *int32 `json:"historyLimit,omitempty"`

	// StorageSize of the volume that receives the dump. Defaults to 1Gi.
	// +optional
	StorageSize *resource.Quantity `json:"storageSize,omitempty"`
}

// GuestbookBackupStatus defines the observed state of GuestbookBackup.
type GuestbookBackupStatus struct {
	// Phase of a one-shot backup.
	// +optional
	Phase BackupPhase `json:"phase,omitempty"`

	// Message explains a Failed phase.
	// +optional
	Message string `json:"message,omitempty"`

	// CompletionTime of a one-shot backup.
	// +optional
	CompletionTime *metav1.Time `json:"completionTime,omitempty"`

	// LastScheduleTime is when a recurring backup last created a one-shot
	// backup.
	// +optional
	LastScheduleTime *metav1.Time `json:"lastScheduleTime,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:printcolumn:name="Guestbook",type=string,JSONPath=`.spec.guestbookName`
// +kubebuilder:printcolumn:name="Phase",type=string,JSONPath=`.status.phase`

// GuestbookBackup is the Schema for the guestbookbackups API.
type GuestbookBackup struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   GuestbookBackupSpec   `json:"spec,omitempty"`
	Status GuestbookBackupStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// GuestbookBackupList contains a list of GuestbookBackup.
type GuestbookBackupList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []GuestbookBackup `json:"items"`
}

func init() {
	SchemeBuilder.Register(&GuestbookBackup{}, &GuestbookBackupList{})
}
