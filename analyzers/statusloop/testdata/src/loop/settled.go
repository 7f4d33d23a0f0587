package loop

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
)

// The early success returns a settled run cannot take.

// StoreReconciler skips the widgets of another controller class (a helper
// given another kind's object) and writes a fresh time on every other
// run: external-secrets before 80f6376d2.
type StoreReconciler struct {
	client.Client
	Class string
}

func (r *StoreReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	log := logf.FromContext(ctx)
	w := &Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	store := &corev1.ConfigMap{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: w.Namespace, Name: w.Spec.Schedule}, store); err != nil {
		w.Status.Phase = "Error"
		if err := r.Status().Update(ctx, w); err != nil {
			log.Error(err, "unable to update status")
		}
		return ctrl.Result{RequeueAfter: time.Minute}, nil
	}
	if !managed(store, r.Class) {
		log.Info("skipping unmanaged store")
		return ctrl.Result{}, nil
	}
	if w.Spec.Paused {
		return ctrl.Result{}, nil
	}
	w.Status.LastUpdated = &metav1.Time{Time: time.Now()} // want `the status is written on every reconcile with time.Now\(\), and For\(&Widget\{\}\) lets status-only updates through`
	if err := r.Status().Update(ctx, w); err != nil {
		log.Error(err, "unable to update status")
	}
	return ctrl.Result{RequeueAfter: time.Hour}, nil
}

func managed(cm *corev1.ConfigMap, class string) bool {
	return cm.Labels["class"] == class
}

func (r *StoreReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&Widget{}).Complete(r)
}

// FinalizingReconciler returns early only on the run that adds its
// finalizer (a transition): every later run writes.
type FinalizingReconciler struct{ client.Client }

const widgetFinalizer = "example.com/cleanup"

func (r *FinalizingReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !controllerutil.ContainsFinalizer(w, widgetFinalizer) {
		controllerutil.AddFinalizer(w, widgetFinalizer)
		if err := r.Update(ctx, w); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, nil
	}
	w.Status.Reconciles++ // want `with a counter incremented`
	if err := r.Status().Update(ctx, w); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

func (r *FinalizingReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&Widget{}).Complete(r)
}

// ---------------------------------------------------------------------
// Twins: an early return a settled run may take.

type SettledTwinReconciler struct {
	client.Client
	Class string
}

func (r *SettledTwinReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	switch w.Spec.Schedule {
	case "status":
		return r.byStatus(ctx, w)
	case "flag":
		return r.byFlag(ctx, w)
	case "helper":
		return r.byHelper(ctx, w)
	}
	return r.byOther(ctx, w)
}

// Twin: the status says the work is done.
func (r *SettledTwinReconciler) byStatus(ctx context.Context, w *Widget) (ctrl.Result, error) {
	if w.Status.Phase == "Done" {
		return ctrl.Result{}, nil
	}
	w.Status.LastUpdated = &metav1.Time{Time: time.Now()}
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

// Twin: a flag set where the status changed.
func (r *SettledTwinReconciler) byFlag(ctx context.Context, w *Widget) (ctrl.Result, error) {
	changed := false
	if w.Status.Phase != "Ready" {
		w.Status.Phase = "Ready"
		changed = true
	}
	if !changed {
		return ctrl.Result{}, nil
	}
	w.Status.LastUpdated = &metav1.Time{Time: time.Now()}
	if err := r.Status().Update(ctx, w); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// Twin: a helper given the reconciled object decides.
func (r *SettledTwinReconciler) byHelper(ctx context.Context, w *Widget) (ctrl.Result, error) {
	if !needsRefresh(w) {
		return ctrl.Result{}, nil
	}
	w.Status.LastUpdated = &metav1.Time{Time: time.Now()}
	if err := r.Status().Update(ctx, w); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

func needsRefresh(w *Widget) bool {
	return w.Status.LastUpdated == nil || time.Since(w.Status.LastUpdated.Time) > time.Hour
}

// Twin: another object's status may change by itself.
func (r *SettledTwinReconciler) byOther(ctx context.Context, w *Widget) (ctrl.Result, error) {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: w.Namespace, Name: w.Name}, pod); err != nil {
		return ctrl.Result{}, err
	}
	if pod.Status.Phase != corev1.PodRunning {
		return ctrl.Result{}, nil
	}
	w.Status.LastUpdated = &metav1.Time{Time: time.Now()}
	if err := r.Status().Update(ctx, w); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

func (r *SettledTwinReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&Widget{}).Complete(r)
}
