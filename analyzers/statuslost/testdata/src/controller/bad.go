package controller

import (
	"context"

	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	appsv1 "fixtures/api/v1"
	"fixtures/widgetlib"
)

type WidgetReconciler struct {
	client.Client
}

// Bad: the condition is set, the finalizer's Update reads the server's
// copy back into w, and the status write sends the old status.
func (r *WidgetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &appsv1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: "Progressing", Status: metav1.ConditionTrue, Reason: "Started"})
	controllerutil.AddFinalizer(w, "apps.example.com/cleanup")
	if err := r.Update(ctx, w); err != nil { // want `Update of w reads the server's copy back into it, replacing the .Status set before it \(line 29\): the Status\(\).Update at line 34 then writes the old status; write the status before this Update, or set it again after`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

// Bad: a Patch of the main resource, then a status patch.
func (r *WidgetReconciler) label(ctx context.Context, w *appsv1.Widget) error {
	base := w.DeepCopy()
	w.Status.Phase = "Labelled"
	w.Labels = map[string]string{"state": "labelled"}
	if err := r.Patch(ctx, w, client.MergeFrom(base)); err != nil { // want `Patch of w reads the server's copy back into it, replacing the .Status set before it \(line 40\): the Status\(\).Patch at line 45 then writes the old status`
		return err
	}
	return r.Status().Patch(ctx, w, client.MergeFrom(base))
}

// Bad: through helpers of another package, status set by a helper too.
func (r *WidgetReconciler) viaHelpers(ctx context.Context, w *appsv1.Widget) error {
	widgetlib.MarkReady(w)
	if err := widgetlib.AddFinalizer(ctx, r.Client, w); err != nil { // want `widgetlib.AddFinalizer writes w and reads the server's copy back into it, replacing the .Status set before it \(line 50\): the status write of widgetlib.SaveStatus at line 54 then writes the old status`
		return err
	}
	return widgetlib.SaveStatus(ctx, r.Client, w)
}

// Bad: through helpers of this package.
func (r *WidgetReconciler) viaLocalHelpers(ctx context.Context, w *appsv1.Widget) error {
	w.Status.Phase = "Pending"
	if err := r.save(ctx, w); err != nil { // want `WidgetReconciler.save writes w and reads the server's copy back into it, replacing the .Status set before it \(line 59\): the status write of WidgetReconciler.saveStatus at line 63 then writes the old status`
		return err
	}
	return r.saveStatus(ctx, w)
}

func (r *WidgetReconciler) save(ctx context.Context, w *appsv1.Widget) error {
	return r.Update(ctx, w)
}

func (r *WidgetReconciler) saveStatus(ctx context.Context, w *appsv1.Widget) error {
	return r.Status().Update(ctx, w)
}

// Bad: a helper that saves everything its caller changed: the spec write
// replaces the status the caller set before the status write sends it.
func (r *WidgetReconciler) saveAll(ctx context.Context, w *appsv1.Widget) error {
	if err := r.Update(ctx, w); err != nil { // want `Update of w reads the server's copy back into it, replacing the status its caller set: the Status\(\).Update at line 80 then writes the old status`
		return err
	}
	return r.Status().Update(ctx, w)
}

// Bad: the same for an object of any kind.
func (r *WidgetReconciler) saveAny(ctx context.Context, obj client.Object, base client.Object) error {
	if err := r.Patch(ctx, obj, client.MergeFrom(base)); err != nil { // want `Patch of obj reads the server's copy back into it, replacing the status its caller set: the Status\(\).Patch at line 88`
		return err
	}
	return r.Status().Patch(ctx, obj, client.MergeFrom(base))
}

// Bad: each write made only if its part changed, compared on converted
// copies: the body's Patch still replaces the status the caller set.
func (r *WidgetReconciler) patchChanged(ctx context.Context, stored, updated client.Object) error {
	if !partEqual(stored, updated, "spec") {
		if err := r.Patch(ctx, updated, client.MergeFrom(stored)); err != nil { // want `Patch of updated reads the server's copy back into it, replacing the status its caller set`
			return err
		}
	}
	if !partEqual(stored, updated, "status") {
		return r.Status().Patch(ctx, updated, client.MergeFrom(stored))
	}
	return nil
}

func partEqual(a, b client.Object, part string) bool {
	ua, _ := runtime.DefaultUnstructuredConverter.ToUnstructured(a)
	ub, _ := runtime.DefaultUnstructuredConverter.ToUnstructured(b)
	return equality.Semantic.DeepEqual(ua[part], ub[part])
}
