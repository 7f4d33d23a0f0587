// Package nomarkers declares an object type without kubebuilder markers
// (its CRD is written by hand, or comes from elsewhere): silent.
package nomarkers

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Status            struct{ Ready bool } `json:"status,omitempty"`
}

func (in *Thing) DeepCopyObject() runtime.Object { out := *in; return &out }

func Save(ctx context.Context, c client.Client, t *Thing) error {
	return c.Status().Update(ctx, t)
}
