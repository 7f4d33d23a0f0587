// Package envtest is a controller package whose Ginkgo suite runs against
// envtest, with the manager started in BeforeSuite.
package envtest

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type WidgetSpec struct {
	Size int32 `json:"size"`
}

type WidgetStatus struct {
	Phase              string             `json:"phase,omitempty"`
	ObservedGeneration int64              `json:"observedGeneration,omitempty"`
	Conditions         []metav1.Condition `json:"conditions,omitempty"`
}

type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WidgetSpec   `json:"spec,omitempty"`
	Status            WidgetStatus `json:"status,omitempty"`
}

func (w *Widget) DeepCopyObject() runtime.Object {
	c := *w
	return &c
}

func (w *Widget) GetConditions() []metav1.Condition { return w.Status.Conditions }

type WidgetReconciler struct {
	client.Client
}

func (r *WidgetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Phase = "Ready"
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

func (r *WidgetReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&Widget{}).Complete(r)
}

// syncStatus is one step of Reconcile, which tests call on their own.
func (r *WidgetReconciler) syncStatus(ctx context.Context, w *Widget) error {
	w.Status.Phase = "Ready"
	return r.Status().Update(ctx, w)
}
