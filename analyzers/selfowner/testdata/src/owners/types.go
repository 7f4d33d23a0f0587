package owners

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// App is the custom resource of the fixtures.
type App struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              AppSpec `json:"spec,omitempty"`
}

// AppSpec is App's desired state.
type AppSpec struct {
	Parent   string `json:"parent,omitempty"`
	Replicas int32  `json:"replicas,omitempty"`
}

func (in *App) DeepCopyInto(out *App) {
	*out = *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
}

func (in *App) DeepCopy() *App {
	if in == nil {
		return nil
	}
	out := new(App)
	in.DeepCopyInto(out)
	return out
}

func (in *App) DeepCopyObject() runtime.Object {
	return in.DeepCopy()
}
