package reconcilers

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// App is the custom resource the reconcilers own objects for.
type App struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

func (a *App) DeepCopyObject() runtime.Object {
	c := *a
	return &c
}

var appGVK = schema.GroupVersionKind{Group: "example.com", Version: "v1", Kind: "App"}
