// Package fakeclient is a controller package whose unit tests run the
// reconciler by hand against controller-runtime's fake client.
package fakeclient

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type WidgetStatus struct {
	Phase      string             `json:"phase,omitempty"`
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}

type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Status            WidgetStatus `json:"status,omitempty"`
}

func (w *Widget) DeepCopyObject() runtime.Object {
	c := *w
	return &c
}

type WidgetReconciler struct {
	Client client.Client
	Scheme *runtime.Scheme
}

func (r *WidgetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

// Sync is what the reconciler does, callable without a request.
func (r *WidgetReconciler) Sync(ctx context.Context, w *Widget) error {
	w.Status.Phase = "Ready"
	return r.Client.Status().Update(ctx, w)
}
