// Package api holds a kind whose status records the Secret made for it.
package api

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type ConfigStatus struct {
	// DataSecretName is the Secret holding the rendered data, once made.
	DataSecretName *string `json:"dataSecretName,omitempty"`
	Ready          bool    `json:"ready,omitempty"`
}

// Config is the reconciled kind.
type Config struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Status            ConfigStatus `json:"status,omitempty"`
}

func (in *Config) DeepCopyObject() runtime.Object { out := *in; return &out }
