package earlyreturn

import (
	"context"
	"reflect"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Widget is a custom resource with a status.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   WidgetSpec   `json:"spec,omitempty"`
	Status WidgetStatus `json:"status,omitempty"`
}

type WidgetSpec struct {
	Keys []string `json:"keys,omitempty"`
}

type WidgetStatus struct {
	Phase   string `json:"phase,omitempty"`
	Count   int32  `json:"count,omitempty"`
	Message string `json:"message,omitempty"`
}

func (w *Widget) DeepCopy() *Widget {
	out := *w
	out.ObjectMeta = *w.ObjectMeta.DeepCopy()
	out.Spec.Keys = append([]string(nil), w.Spec.Keys...)
	return &out
}

func (w *Widget) DeepCopyObject() runtime.Object { return w.DeepCopy() }

const widgetReady = "Ready"

func widgetConfig(w *Widget) *corev1.ConfigMap {
	data := map[string]string{}
	for _, k := range w.Spec.Keys {
		data[k] = ""
	}
	return &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: w.Namespace, Name: w.Name}, Data: data}
}

// ---------------------------------------------------------------------
// The return's own guard proves the status update it skips unnecessary:
// the status already holds what the update would write.

type GuardedReconciler struct {
	client.Client
}

func (r *GuardedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}).
		Complete(r)
}

func (r *GuardedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: w.Namespace, Name: w.Name}, cm); err != nil {
		if !apierrors.IsNotFound(err) {
			return ctrl.Result{}, err
		}
		cm = widgetConfig(w)
		if err := r.Create(ctx, cm); err != nil {
			return ctrl.Result{}, err
		}
	}
	n := int32(len(cm.Data))
	if w.Status.Phase == "Ready" && w.Status.Count == n {
		return ctrl.Result{}, nil // the update below would change nothing
	}
	w.Status.Phase = "Ready"
	w.Status.Count = n
	if err := r.Status().Update(ctx, w); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// The same guard, spelled otherwise: a named constant, the count computed
// again, the conditions in another order.
type GuardedSpellingReconciler struct {
	client.Client
}

func (r *GuardedSpellingReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}).
		Complete(r)
}

func (r *GuardedSpellingReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: w.Namespace, Name: w.Name}, cm); err != nil {
		if !apierrors.IsNotFound(err) {
			return ctrl.Result{}, err
		}
		cm = widgetConfig(w)
		if err := r.Create(ctx, cm); err != nil {
			return ctrl.Result{}, err
		}
	}
	if w.Status.Count == int32(len(cm.Data)) && !(w.Status.Phase != widgetReady) {
		return ctrl.Result{}, nil
	}
	w.Status.Count = int32(len(cm.Data))
	w.Status.Phase = "Ready"
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

// A deep equality of the whole status, and a merge patch of it.
type GuardedDeepEqualReconciler struct {
	client.Client
}

func (r *GuardedDeepEqualReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}).
		Complete(r)
}

func (r *GuardedDeepEqualReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	base := w.DeepCopy()
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: w.Namespace, Name: w.Name}, cm); apierrors.IsNotFound(err) {
		cm = widgetConfig(w)
		if err := r.Create(ctx, cm); err != nil {
			return ctrl.Result{}, err
		}
	} else if err != nil {
		return ctrl.Result{}, err
	}
	desired := WidgetStatus{Phase: "Ready", Count: int32(len(cm.Data)), Message: w.Status.Message}
	if equality.Semantic.DeepEqual(w.Status, desired) {
		return ctrl.Result{}, nil
	}
	w.Status = desired
	if err := r.Status().Patch(ctx, w, client.MergeFrom(base)); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// reflect.DeepEqual of pointers compares what they point to.
type GuardedPointerReconciler struct {
	client.Client
}

func (r *GuardedPointerReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}).
		Complete(r)
}

func (r *GuardedPointerReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm := widgetConfig(w)
	if err := r.Create(ctx, cm); client.IgnoreAlreadyExists(err) != nil {
		return ctrl.Result{}, err
	}
	want := &WidgetStatus{Phase: "Ready", Count: int32(len(cm.Data))}
	if reflect.DeepEqual(&w.Status, want) {
		return ctrl.Result{}, nil
	}
	w.Status.Phase = want.Phase
	w.Status.Count = want.Count
	w.Status.Message = want.Message
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

// ---------------------------------------------------------------------
// Twins: the same guard, with work it does not prove done.

// The remaining steps also create a Secret.
type GuardedMoreReconciler struct {
	client.Client
}

func (r *GuardedMoreReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}).
		Complete(r)
}

func (r *GuardedMoreReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: w.Namespace, Name: w.Name}, cm); err != nil {
		if !apierrors.IsNotFound(err) {
			return ctrl.Result{}, err
		}
		cm = widgetConfig(w)
		if err := r.Create(ctx, cm); err != nil {
			return ctrl.Result{}, err
		}
	}
	n := int32(len(cm.Data))
	if w.Status.Phase == "Ready" && w.Status.Count == n {
		return ctrl.Result{}, nil // want `Reconcile returns without requeue right after creating a v1.ConfigMap, a type this controller does not watch: no event will wake it up, so the remaining steps \(creating a v1.Secret\) wait`
	}
	w.Status.Phase = "Ready"
	w.Status.Count = n
	if err := r.Status().Update(ctx, w); err != nil {
		return ctrl.Result{}, err
	}
	secret := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: w.Namespace, Name: w.Name}}
	if err := r.Create(ctx, secret); client.IgnoreAlreadyExists(err) != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// The status update also writes a field the guard did not compare.
type GuardedMessageReconciler struct {
	client.Client
}

func (r *GuardedMessageReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}).
		Complete(r)
}

func (r *GuardedMessageReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: w.Namespace, Name: w.Name}, cm); err != nil {
		if !apierrors.IsNotFound(err) {
			return ctrl.Result{}, err
		}
		cm = widgetConfig(w)
		if err := r.Create(ctx, cm); err != nil {
			return ctrl.Result{}, err
		}
	}
	n := int32(len(cm.Data))
	if w.Status.Phase == "Ready" && w.Status.Count == n {
		return ctrl.Result{}, nil // want `right after creating a v1.ConfigMap.*\(updating the status of a earlyreturn.Widget\)`
	}
	w.Status.Phase = "Ready"
	w.Status.Count = n
	w.Status.Message = cm.Name
	if err := r.Status().Update(ctx, w); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// The status update writes another value than the one the guard found.
type GuardedOtherValueReconciler struct {
	client.Client
}

func (r *GuardedOtherValueReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}).
		Complete(r)
}

func (r *GuardedOtherValueReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: w.Namespace, Name: w.Name}, cm); err != nil {
		if !apierrors.IsNotFound(err) {
			return ctrl.Result{}, err
		}
		cm = widgetConfig(w)
		if err := r.Create(ctx, cm); err != nil {
			return ctrl.Result{}, err
		}
	}
	n := int32(len(cm.Data))
	if w.Status.Phase == "Pending" && w.Status.Count == n {
		return ctrl.Result{}, nil // want `right after creating a v1.ConfigMap.*\(updating the status of a earlyreturn.Widget\)`
	}
	w.Status.Phase = "Ready"
	w.Status.Count = n
	if err := r.Status().Update(ctx, w); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}
