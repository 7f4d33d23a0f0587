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

// ScheduleStatus records the runs of a Schedule by their times.
type ScheduleStatus struct {
	LastScheduleTime *metav1.Time `json:"lastScheduleTime,omitempty"`
	LastCheckTime    *metav1.Time `json:"lastCheckTime,omitempty"`
}

// Schedule makes a Run now and then.
type Schedule struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Status            ScheduleStatus `json:"status,omitempty"`
}

func (in *Schedule) DeepCopyObject() runtime.Object { out := *in; return &out }

// Run is one run of a Schedule.
type Run struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

func (in *Run) DeepCopyObject() runtime.Object { out := *in; return &out }

// NewRun makes a Run of the schedule with the given name: callers in
// other packages know the name from this function's fact.
func (in *Schedule) NewRun(name string) *Run {
	return &Run{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: in.Namespace, Labels: map[string]string{"schedule": in.Name}}}
}
