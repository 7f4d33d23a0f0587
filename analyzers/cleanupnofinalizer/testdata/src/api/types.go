// Package api holds the fixture's kinds, one per case.
package api

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Bucket: its deletion branch deletes a ConfigMap, nothing adds a
// finalizer. Reported.
type Bucket struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

func (in *Bucket) DeepCopyObject() runtime.Object { out := *in; return &out }

// Step: the cleanup is in a (Result, error) step helper. Reported.
type Step struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

func (in *Step) DeepCopyObject() runtime.Object { out := *in; return &out }

// Remote: the deletion branch is in a helper of another package.
// Reported.
type Remote struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

func (in *Remote) DeepCopyObject() runtime.Object { out := *in; return &out }

// Forgot: the branch removes a finalizer nothing ever adds. Reported.
type Forgot struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

func (in *Forgot) DeepCopyObject() runtime.Object { out := *in; return &out }

// Guarded: only the guard that skips terminating objects. Silent.
type Guarded struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

func (in *Guarded) DeepCopyObject() runtime.Object { out := *in; return &out }

// Logged: the branch only logs and returns. Silent.
type Logged struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

func (in *Logged) DeepCopyObject() runtime.Object { out := *in; return &out }

// Held: another controller of the module adds its finalizer. Silent.
type Held struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

func (in *Held) DeepCopyObject() runtime.Object { out := *in; return &out }

// Born: created with its finalizer, by another package. Silent.
type Born struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

func (in *Born) DeepCopyObject() runtime.Object { out := *in; return &out }

// Helped: its finalizer is added through a helper of another package.
// Silent.
type Helped struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

func (in *Helped) DeepCopyObject() runtime.Object { out := *in; return &out }

// Defaulted: its webhook's defaulter adds the finalizer. Silent.
type Defaulted struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

func (in *Defaulted) DeepCopyObject() runtime.Object { out := *in; return &out }

// Kept: the twin of Bucket, with its finalizer. Silent.
type Kept struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

func (in *Kept) DeepCopyObject() runtime.Object { out := *in; return &out }

// Ignored: Bucket's bug under a directive. Silent.
type Ignored struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

func (in *Ignored) DeepCopyObject() runtime.Object { out := *in; return &out }
