package controller

import (
	"context"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	appsv1 "fixtures/api/v1"
	"fixtures/widgetlib"
)

// Good: the status is set after the main write.
func (r *WidgetReconciler) after(ctx context.Context, w *appsv1.Widget) error {
	controllerutil.AddFinalizer(w, "apps.example.com/cleanup")
	if err := r.Update(ctx, w); err != nil {
		return err
	}
	meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Done"})
	return r.Status().Update(ctx, w)
}

// Good: the status is saved and set again after the Update.
func (r *WidgetReconciler) restored(ctx context.Context, w *appsv1.Widget) error {
	w.Status.Phase = "Running"
	status := w.DeepCopy().Status
	if err := r.Update(ctx, w); err != nil {
		return err
	}
	w.Status = status
	return r.Status().Update(ctx, w)
}

// Good: the status is written first.
func (r *WidgetReconciler) statusFirst(ctx context.Context, w *appsv1.Widget) error {
	w.Status.Phase = "Running"
	if err := r.Status().Update(ctx, w); err != nil {
		return err
	}
	controllerutil.AddFinalizer(w, "apps.example.com/cleanup")
	return r.Update(ctx, w)
}

// Good: the main write is of a copy.
func (r *WidgetReconciler) copied(ctx context.Context, w *appsv1.Widget) error {
	w.Status.Phase = "Running"
	c := w.DeepCopy()
	controllerutil.AddFinalizer(c, "apps.example.com/cleanup")
	if err := r.Update(ctx, c); err != nil {
		return err
	}
	return r.Status().Update(ctx, w)
}

// Good: no status subresource, so the Update saved the status as well.
func (r *WidgetReconciler) noSubresource(ctx context.Context, g *appsv1.Gadget) error {
	g.Status.Phase = "Running"
	if err := r.Update(ctx, g); err != nil {
		return err
	}
	return r.Status().Update(ctx, g)
}

// Good: two status writes, the second after setting it again.
func (r *WidgetReconciler) twice(ctx context.Context, w *appsv1.Widget) error {
	w.Status.Phase = "A"
	if err := r.Status().Update(ctx, w); err != nil {
		return err
	}
	w.Status.Phase = "B"
	return r.Status().Update(ctx, w)
}

// Good: through the helpers, the status set after the write.
func (r *WidgetReconciler) helpersInOrder(ctx context.Context, w *appsv1.Widget) error {
	if err := widgetlib.AddFinalizer(ctx, r.Client, w); err != nil {
		return err
	}
	widgetlib.MarkReady(w)
	return widgetlib.SaveStatus(ctx, r.Client, w)
}

// Good: the status write is on another path than the main write.
func (r *WidgetReconciler) eitherOr(ctx context.Context, w *appsv1.Widget, spec bool) error {
	w.Status.Phase = "Running"
	if spec {
		return r.Update(ctx, w)
	}
	return r.Status().Update(ctx, w)
}

var _ client.Object = &appsv1.Widget{}

// Good: read here, nothing set on the status: the status write changes
// nothing (pointless, not lost).
func (r *WidgetReconciler) refetched(ctx context.Context, key client.ObjectKey) error {
	w := &appsv1.Widget{}
	if err := r.Get(ctx, key, w); err != nil {
		return err
	}
	w.Spec.Size = 3
	if err := r.Update(ctx, w); err != nil {
		return err
	}
	return r.Status().Update(ctx, w)
}

// Good: a helper given the object that sets the status after the write.
func (r *WidgetReconciler) saveThenMark(ctx context.Context, w *appsv1.Widget) error {
	if err := r.Update(ctx, w); err != nil {
		return err
	}
	w.Status.Phase = "Saved"
	return r.Status().Update(ctx, w)
}

// Good: the status write is a helper that sets the condition itself.
func (r *WidgetReconciler) relabelThenMark(ctx context.Context, w *appsv1.Widget) error {
	base := w.DeepCopy()
	w.Labels = map[string]string{"role": "primary"}
	if err := r.Patch(ctx, w, client.MergeFrom(base)); err != nil {
		return err
	}
	return r.markPrimary(ctx, w)
}

func (r *WidgetReconciler) markPrimary(ctx context.Context, w *appsv1.Widget) error {
	base := w.DeepCopy()
	w.Status.Phase = "Primary"
	return r.Status().Patch(ctx, w, client.MergeFrom(base))
}

// Good: the same through a helper that hands the status to another.
func (r *WidgetReconciler) relabelThenFail(ctx context.Context, w *appsv1.Widget) error {
	base := w.DeepCopy()
	w.Labels = map[string]string{"role": "failed"}
	if err := r.Patch(ctx, w, client.MergeFrom(base)); err != nil {
		return err
	}
	return r.failed(ctx, w)
}

func (r *WidgetReconciler) failed(ctx context.Context, w *appsv1.Widget) error {
	return r.phase(ctx, w, "Failed")
}

func (r *WidgetReconciler) phase(ctx context.Context, w *appsv1.Widget, p string) error {
	base := w.DeepCopy()
	w.Status.Phase = p
	return r.Status().Patch(ctx, w, client.MergeFrom(base))
}

// Good: a status helper that sets a condition through a helper of its
// own, given the conditions' address.
func (r *WidgetReconciler) releaseThenMark(ctx context.Context, w *appsv1.Widget) error {
	base := w.DeepCopy()
	w.Labels = map[string]string{"released": "true"}
	if err := r.Patch(ctx, w, client.MergeFrom(base)); err != nil {
		return err
	}
	return r.markReleased(ctx, w)
}

func (r *WidgetReconciler) markReleased(ctx context.Context, w *appsv1.Widget) error {
	patch := client.MergeFrom(w.DeepCopy())
	upsertCondition(&w.Status.Conditions, metav1.Condition{Type: "Released", Status: metav1.ConditionTrue, Reason: "Done"})
	return r.Status().Patch(ctx, w, patch)
}

func upsertCondition(conds *[]metav1.Condition, c metav1.Condition) {
	for i := range *conds {
		if (*conds)[i].Type == c.Type {
			(*conds)[i] = c
			return
		}
	}
	*conds = append(*conds, c)
}

// Good: the status may be set by code the analysis cannot see into.
func (r *WidgetReconciler) opaque(ctx context.Context, w *appsv1.Widget, mark func(*appsv1.Widget)) error {
	if err := r.Update(ctx, w); err != nil {
		return err
	}
	mark(w)
	return r.Status().Update(ctx, w)
}
