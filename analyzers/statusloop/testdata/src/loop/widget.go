package loop

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Widget is a custom resource with a status.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   WidgetSpec   `json:"spec,omitempty"`
	Status WidgetStatus `json:"status,omitempty"`
}

type WidgetSpec struct {
	Paused   bool   `json:"paused,omitempty"`
	Schedule string `json:"schedule,omitempty"`
}

type WidgetStatus struct {
	Phase              string             `json:"phase,omitempty"`
	Reconciles         int64              `json:"reconciles,omitempty"`
	Age                string             `json:"age,omitempty"`
	ObservedGeneration int64              `json:"observedGeneration,omitempty"`
	LastUpdated        *metav1.Time       `json:"lastUpdated,omitempty"`
	NextRun            metav1.Time        `json:"nextRun,omitempty"`
	Conditions         []metav1.Condition `json:"conditions,omitempty"`
	Keys               []string           `json:"keys,omitempty"`
	Annotations        []string           `json:"annotations,omitempty"`
}

func (w *Widget) DeepCopy() *Widget {
	out := *w
	out.ObjectMeta = *w.ObjectMeta.DeepCopy()
	return &out
}

func (w *Widget) DeepCopyObject() runtime.Object { return w.DeepCopy() }
