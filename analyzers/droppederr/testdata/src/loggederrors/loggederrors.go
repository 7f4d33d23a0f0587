package loggederrors

import (
	"context"
	"errors"
	"fmt"
	"log"
	"log/slog"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/client-go/tools/record"
	"k8s.io/klog/v2"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"fixtures/helpers"
)

const cleanupFinalizer = "example.com/cleanup"

type Reconciler struct {
	client.Client
	Recorder record.EventRecorder
}

// if err != nil { log }, then RemoveFinalizer.
func (r *Reconciler) finalizeList(ctx context.Context, obj *corev1.ConfigMap) (ctrl.Result, error) {
	log := logf.FromContext(ctx)
	var pods corev1.PodList
	if err := r.List(ctx, &pods, client.InNamespace(obj.Namespace)); err != nil {
		log.Error(err, "listing pods", "configmap", obj.GetName()) // want `the error of List is only logged, then finalizer "example.com/cleanup" is removed: a transient error leaks the objects this cleanup should delete; return the error`
	}
	for i := range pods.Items {
		if err := r.Delete(ctx, &pods.Items[i]); err != nil {
			return ctrl.Result{}, err
		}
	}
	controllerutil.RemoveFinalizer(obj, cleanupFinalizer)
	if err := r.Update(ctx, obj); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// Twin: the error is returned.
func (r *Reconciler) finalizeListOK(ctx context.Context, obj *corev1.ConfigMap) (ctrl.Result, error) {
	log := logf.FromContext(ctx)
	var pods corev1.PodList
	if err := r.List(ctx, &pods, client.InNamespace(obj.Namespace)); err != nil {
		log.Error(err, "listing pods", "configmap", obj.GetName())
		return ctrl.Result{}, err
	}
	for i := range pods.Items {
		if err := r.Delete(ctx, &pods.Items[i]); err != nil {
			return ctrl.Result{}, err
		}
	}
	controllerutil.RemoveFinalizer(obj, cleanupFinalizer)
	if err := r.Update(ctx, obj); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// Switch form: no fix (the failing branch is a case clause).
func (r *Reconciler) finalizeSwitch(ctx context.Context, obj *corev1.ConfigMap) (ctrl.Result, error) {
	err := r.DeleteAllOf(ctx, &corev1.Pod{}, client.InNamespace(obj.Namespace))
	switch {
	case err != nil:
		klog.ErrorS(err, "deleting pods") // want `the error of DeleteAllOf is only logged, then finalizer "example.com/cleanup" is removed`
	case obj.Annotations == nil:
		klog.InfoS("no annotations")
	}
	controllerutil.RemoveFinalizer(obj, cleanupFinalizer)
	return ctrl.Result{}, r.Update(ctx, obj)
}

// Twin: the case returns.
func (r *Reconciler) finalizeSwitchOK(ctx context.Context, obj *corev1.ConfigMap) (ctrl.Result, error) {
	err := r.DeleteAllOf(ctx, &corev1.Pod{}, client.InNamespace(obj.Namespace))
	switch {
	case err != nil:
		klog.ErrorS(err, "deleting pods")
		return ctrl.Result{}, err
	case obj.Annotations == nil:
		klog.InfoS("no annotations")
	}
	controllerutil.RemoveFinalizer(obj, cleanupFinalizer)
	return ctrl.Result{}, r.Update(ctx, obj)
}

// if/else form: the failing branch is the else; no fix.
func (r *Reconciler) finalizeElse(ctx context.Context, obj *corev1.ConfigMap) (ctrl.Result, error) {
	var secret corev1.Secret
	key := client.ObjectKey{Namespace: obj.Namespace, Name: obj.Name}
	if err := r.Get(ctx, key, &secret); err == nil {
		if err := r.Delete(ctx, &secret); err != nil {
			return ctrl.Result{}, err
		}
	} else {
		log.Printf("get secret %s: %v", key, err) // want `the error of Get is only logged, then finalizer "example.com/cleanup" is removed`
	}
	controllerutil.RemoveFinalizer(obj, cleanupFinalizer)
	return ctrl.Result{}, r.Update(ctx, obj)
}

// Twin: NotFound is logged and skipped, any other error is returned.
func (r *Reconciler) finalizeElseOK(ctx context.Context, obj *corev1.ConfigMap) (ctrl.Result, error) {
	var secret corev1.Secret
	key := client.ObjectKey{Namespace: obj.Namespace, Name: obj.Name}
	if err := r.Get(ctx, key, &secret); err == nil {
		if err := r.Delete(ctx, &secret); err != nil {
			return ctrl.Result{}, err
		}
	} else if apierrors.IsNotFound(err) {
		log.Printf("secret %s already gone", key)
	} else {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(obj, cleanupFinalizer)
	return ctrl.Result{}, r.Update(ctx, obj)
}

// A Delete loop over children whose failures are logged and skipped: the
// fix replaces the continue.
func (r *Reconciler) finalizeLoop(ctx context.Context, obj *corev1.ConfigMap, pods []corev1.Pod) (ctrl.Result, error) {
	logger := ctrl.LoggerFrom(ctx)
	for i := range pods {
		if err := r.Delete(ctx, &pods[i]); err != nil {
			logger.Error(err, "deleting pod", "pod", pods[i].GetName()) // want `the error of Delete is only logged, then finalizer "example.com/cleanup" is removed`
			continue
		}
		logger.Info("deleted", "pod", pods[i].Name)
	}
	controllerutil.RemoveFinalizer(obj, cleanupFinalizer)
	if err := r.Update(ctx, obj); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// A range loop, NotFound filtered by client.IgnoreNotFound.
func (r *Reconciler) finalizeRange(ctx context.Context, obj *corev1.ConfigMap) (ctrl.Result, error) {
	var list corev1.SecretList
	if err := r.List(ctx, &list, client.InNamespace(obj.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	for _, s := range list.Items {
		if err := r.Delete(ctx, &s); client.IgnoreNotFound(err) != nil {
			klog.V(2).InfoS("delete failed", "secret", klog.KObj(&s), "err", err) // want `the error of Delete is only logged, then finalizer "example.com/cleanup" is removed`
			continue
		}
	}
	controllerutil.RemoveFinalizer(obj, cleanupFinalizer)
	return ctrl.Result{}, r.Update(ctx, obj)
}

// Twin: the errors are collected and returned before the removal.
func (r *Reconciler) finalizeLoopAppend(ctx context.Context, obj *corev1.ConfigMap, pods []corev1.Pod) (ctrl.Result, error) {
	logger := ctrl.LoggerFrom(ctx)
	var errs []error
	for i := range pods {
		if err := r.Delete(ctx, &pods[i]); err != nil {
			logger.Error(err, "deleting pod")
			errs = append(errs, err)
			continue
		}
	}
	if len(errs) > 0 {
		return ctrl.Result{}, errors.Join(errs...)
	}
	controllerutil.RemoveFinalizer(obj, cleanupFinalizer)
	return ctrl.Result{}, r.Update(ctx, obj)
}

// Twin: errors.Join.
func (r *Reconciler) finalizeLoopJoin(ctx context.Context, obj *corev1.ConfigMap, pods []corev1.Pod) (ctrl.Result, error) {
	var errs error
	for i := range pods {
		if err := r.Delete(ctx, &pods[i]); err != nil {
			log.Printf("deleting pod: %v", err)
			errs = errors.Join(errs, err)
		}
	}
	if errs != nil {
		return ctrl.Result{}, errs
	}
	controllerutil.RemoveFinalizer(obj, cleanupFinalizer)
	return ctrl.Result{}, r.Update(ctx, obj)
}

// Twin: the failure sets a flag that guards the removal.
func (r *Reconciler) finalizeFlag(ctx context.Context, obj *corev1.ConfigMap, pod *corev1.Pod) (ctrl.Result, error) {
	done := true
	if err := r.Delete(ctx, pod); err != nil {
		log.Print(err)
		done = false
	}
	if !done {
		return ctrl.Result{RequeueAfter: 5 * time.Second}, nil
	}
	controllerutil.RemoveFinalizer(obj, cleanupFinalizer)
	return ctrl.Result{}, r.Update(ctx, obj)
}

// Twin: logged first, returned by a later test of the same error.
func (r *Reconciler) finalizeLaterTest(ctx context.Context, obj *corev1.ConfigMap, pod *corev1.Pod) (ctrl.Result, error) {
	err := r.Delete(ctx, pod)
	if err != nil {
		log.Print(err)
	}
	if err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(obj, cleanupFinalizer)
	return ctrl.Result{}, r.Update(ctx, obj)
}

// An outer err is handled; the shadowing inner one is dropped.
func (r *Reconciler) finalizeShadow(ctx context.Context, obj *corev1.ConfigMap) (ctrl.Result, error) {
	var secret corev1.Secret
	err := r.Get(ctx, client.ObjectKeyFromObject(obj), &secret)
	if err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.Delete(ctx, &secret); err != nil {
		fmt.Println("delete secret:", err.Error()) // want `the error of Delete is only logged, then finalizer "example.com/cleanup" is removed`
	}
	controllerutil.RemoveFinalizer(obj, cleanupFinalizer)
	if err := r.Update(ctx, obj); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, err
}

// Twin: the shadowing err is returned.
func (r *Reconciler) finalizeShadowOK(ctx context.Context, obj *corev1.ConfigMap) (ctrl.Result, error) {
	var secret corev1.Secret
	err := r.Get(ctx, client.ObjectKeyFromObject(obj), &secret)
	if err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.Delete(ctx, &secret); err != nil {
		fmt.Println("delete secret:", err.Error())
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(obj, cleanupFinalizer)
	return ctrl.Result{}, r.Update(ctx, obj)
}

// A failed Update is logged, then Reconcile returns success.
func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm.Data = map[string]string{"synced": "true"}
	if err := r.Update(ctx, &cm); err != nil {
		logf.FromContext(ctx).Error(err, "update failed") // want `the error of Update is only logged, then Reconcile returns success: the failed write is not retried until the next event; return the error`
	}
	return ctrl.Result{}, nil
}

type StatusReconciler struct {
	client.Client
	Recorder record.EventRecorder
}

// A failed status write is recorded as an event only.
func (r *StatusReconciler) Reconcile(ctx context.Context, req reconcile.Request) (res reconcile.Result, err error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.Status().Update(ctx, &cm); err != nil {
		r.Recorder.Eventf(&cm, corev1.EventTypeWarning, "StatusFailed", "status: %v", err) // want `the error of Status\(\).Update is only logged, then Reconcile returns success`
	}
	return reconcile.Result{}, nil
}

type RequeueReconciler struct{ client.Client }

// Twin: logged, then a requeue.
func (r *RequeueReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.Update(ctx, &cm); err != nil {
		logf.FromContext(ctx).Error(err, "update failed, retrying in a minute")
	}
	return ctrl.Result{RequeueAfter: time.Minute}, nil
}

type RequeueVarReconciler struct{ client.Client }

// Twin: the failing branch sets a requeue.
func (r *RequeueVarReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	res := ctrl.Result{}
	if err := r.Update(ctx, &cm); err != nil {
		logf.FromContext(ctx).Error(err, "update failed, retrying in a minute")
		res = ctrl.Result{RequeueAfter: time.Minute}
	}
	return res, nil
}

type ReturnReconciler struct{ client.Client }

// Twin: logged, then returned in the branch.
func (r *ReturnReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.Update(ctx, &cm); err != nil {
		logf.FromContext(ctx).Error(err, "update failed")
		return ctrl.Result{}, fmt.Errorf("update: %w", err)
	}
	return ctrl.Result{}, nil
}

type DefaultsReconciler struct{ client.Client }

// Twin: a Get of optional settings fails, is logged, and defaults apply;
// a read proceeding to a plain success is deliberate best effort.
func (r *DefaultsReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var settings corev1.ConfigMap
	if err := r.Get(ctx, client.ObjectKey{Namespace: req.Namespace, Name: "settings"}, &settings); err != nil {
		ctrl.LoggerFrom(ctx).Info("no settings, using defaults", "reason", err.Error())
	}
	interval := "1m"
	if v, ok := settings.Data["interval"]; ok {
		interval = v
	}
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm.Data = map[string]string{"interval": interval}
	return ctrl.Result{}, r.Update(ctx, &cm)
}

// deleteChildren is a helper of the same package whose error carries the
// client's.
func (r *Reconciler) deleteChildren(ctx context.Context, ns string) error {
	var pods corev1.PodList
	if err := r.List(ctx, &pods, client.InNamespace(ns)); err != nil {
		return fmt.Errorf("list: %w", err)
	}
	for i := range pods.Items {
		if err := r.Delete(ctx, &pods.Items[i]); err != nil {
			return err
		}
	}
	return nil
}

// The error of a same-package helper.
func (r *Reconciler) finalizeHelper(ctx context.Context, obj *corev1.ConfigMap) (reconcile.Result, error) {
	if err := r.deleteChildren(ctx, obj.Namespace); err != nil {
		log.Println("cleanup:", err) // want `the error of deleteChildren is only logged, then finalizer "example.com/cleanup" is removed`
	}
	controllerutil.RemoveFinalizer(obj, cleanupFinalizer)
	return reconcile.Result{}, r.Update(ctx, obj)
}

// Twin.
func (r *Reconciler) finalizeHelperOK(ctx context.Context, obj *corev1.ConfigMap) (reconcile.Result, error) {
	if err := r.deleteChildren(ctx, obj.Namespace); err != nil {
		log.Println("cleanup:", err)
		return reconcile.Result{}, err
	}
	controllerutil.RemoveFinalizer(obj, cleanupFinalizer)
	return reconcile.Result{}, r.Update(ctx, obj)
}

// The error of a helper of another package (second result), and a
// finalizer removal through another package's helper.
func (r *Reconciler) finalizeOther(ctx context.Context, obj *corev1.ConfigMap) (ctrl.Result, error) {
	n, err := helpers.DeleteOwned(ctx, r.Client, obj.Namespace)
	if err != nil {
		slog.Error("cleanup failed", "deleted", n, "err", err) // want `the error of DeleteOwned is only logged, then a finalizer is removed`
	}
	helpers.DropFinalizer(obj)
	return ctrl.Result{}, r.Update(ctx, obj)
}

// Twin.
func (r *Reconciler) finalizeOtherOK(ctx context.Context, obj *corev1.ConfigMap) (ctrl.Result, error) {
	n, err := helpers.DeleteOwned(ctx, r.Client, obj.Namespace)
	if err != nil {
		slog.Error("cleanup failed", "deleted", n, "err", err)
		return ctrl.Result{RequeueAfter: time.Minute}, nil
	}
	helpers.DropFinalizer(obj)
	return ctrl.Result{}, r.Update(ctx, obj)
}

// A Get logged, then a Delete of what it did not read.
func (r *Reconciler) deleteStale(ctx context.Context, key client.ObjectKey) error {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, key, &cm); err != nil {
		klog.Errorf("get %s: %v", key, err) // want `the error of Get is only logged, then Delete runs as if Get had succeeded`
	}
	if cm.Labels["stale"] == "true" {
		return r.Delete(ctx, &cm)
	}
	return nil
}

// A helper returning only error, and a function literal.
func (r *Reconciler) syncStatus(ctx context.Context, obj *corev1.ConfigMap) error {
	if err := r.Status().Patch(ctx, obj, client.Merge); err != nil {
		klog.V(2).InfoS("status patch failed", "err", err) // want `the error of Status\(\).Patch is only logged, then syncStatus returns success`
	}
	return nil
}

func (r *Reconciler) updateLater(ctx context.Context, obj *corev1.ConfigMap) func() error {
	return func() error {
		if err := r.Update(ctx, obj); err != nil {
			log.Print(err) // want `the error of Update is only logged, then the function literal returns success`
		}
		return nil
	}
}

// Twin: not reported when the read's result is not a cleanup.
func (r *Reconciler) readOnly(ctx context.Context, key client.ObjectKey) (string, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, key, &cm); err != nil {
		klog.Errorf("get %s: %v", key, err)
	}
	return cm.Data["x"], nil
}

// Twin: something other than logging in the branch (a status condition).
func (r *Reconciler) recordInStatus(ctx context.Context, obj *corev1.ConfigMap, pod *corev1.Pod) (ctrl.Result, error) {
	if err := r.Delete(ctx, pod); err != nil {
		log.Print(err)
		obj.Annotations["cleanup-error"] = err.Error()
	}
	controllerutil.RemoveFinalizer(obj, cleanupFinalizer)
	return ctrl.Result{}, r.Update(ctx, obj)
}

// Twin: an unrelated read of optional settings is logged; the cleanup
// does not depend on it.
func (r *Reconciler) finalizeSettings(ctx context.Context, obj *corev1.ConfigMap) (ctrl.Result, error) {
	var settings corev1.ConfigMap
	if err := r.Get(ctx, client.ObjectKey{Namespace: obj.Namespace, Name: "settings"}, &settings); err != nil {
		log.Printf("no settings: %v", err)
	}
	if err := r.DeleteAllOf(ctx, &corev1.Pod{}, client.InNamespace(obj.Namespace), client.MatchingLabels(settings.Labels)); err != nil {
		return ctrl.Result{}, err
	}
	var stale corev1.Secret
	if err := r.Get(ctx, client.ObjectKeyFromObject(obj), &stale); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.Delete(ctx, &stale); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(obj, cleanupFinalizer)
	return ctrl.Result{}, r.Update(ctx, obj)
}

// Twin: a failed status write of the object about to go loses nothing.
func (r *Reconciler) finalizeStatus(ctx context.Context, obj *corev1.ConfigMap) (ctrl.Result, error) {
	if err := r.Status().Update(ctx, obj); err != nil {
		log.Printf("status: %v", err)
	}
	controllerutil.RemoveFinalizer(obj, cleanupFinalizer)
	return ctrl.Result{}, r.Update(ctx, obj)
}

// A child's finalizer release fails, then the parent's finalizer goes.
func (r *Reconciler) releaseChild(ctx context.Context, obj *corev1.ConfigMap, child *corev1.Secret) (ctrl.Result, error) {
	controllerutil.RemoveFinalizer(child, cleanupFinalizer)
	if err := r.Update(ctx, child); err != nil {
		log.Printf("release child: %v", err) // want `the error of Update is only logged, then finalizer "example.com/cleanup" is removed: a transient error leaves this cleanup step undone for good`
	}
	controllerutil.RemoveFinalizer(obj, cleanupFinalizer)
	return ctrl.Result{}, r.Update(ctx, obj)
}

// listChildren is a read-only helper.
func (r *Reconciler) listChildren(ctx context.Context, ns string) ([]corev1.Pod, error) {
	var pods corev1.PodList
	if err := r.List(ctx, &pods, client.InNamespace(ns)); err != nil {
		return nil, err
	}
	return pods.Items, nil
}

// A read helper whose result feeds the Deletes.
func (r *Reconciler) finalizeChildren(ctx context.Context, obj *corev1.ConfigMap) (ctrl.Result, error) {
	pods, err := r.listChildren(ctx, obj.Namespace)
	if err != nil {
		log.Printf("list children: %v", err) // want `the error of listChildren is only logged, then finalizer "example.com/cleanup" is removed`
	}
	for i := range pods {
		if err := r.Delete(ctx, &pods[i]); client.IgnoreNotFound(err) != nil {
			return ctrl.Result{}, err
		}
	}
	controllerutil.RemoveFinalizer(obj, cleanupFinalizer)
	return ctrl.Result{}, r.Update(ctx, obj)
}

// Twin: a loop-carried flag guards the removal.
func (r *Reconciler) finalizeLoopFlag(ctx context.Context, obj *corev1.ConfigMap, pods []corev1.Pod) (ctrl.Result, error) {
	clean := true
	for i := range pods {
		if err := r.Delete(ctx, &pods[i]); err != nil {
			log.Print(err)
			clean = false
			continue
		}
	}
	if !clean {
		return ctrl.Result{RequeueAfter: time.Minute}, nil
	}
	controllerutil.RemoveFinalizer(obj, cleanupFinalizer)
	return ctrl.Result{}, r.Update(ctx, obj)
}

// Twin: a Get logged, then a Delete of something it did not read.
func (r *Reconciler) deleteOther(ctx context.Context, key client.ObjectKey, old *corev1.Secret) error {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, key, &cm); err != nil {
		klog.Errorf("get %s: %v", key, err)
	}
	if cm.Labels["keep"] != "true" {
		return r.Delete(ctx, old)
	}
	return nil
}

// Twin: the failing branch logs and handles a conflict by requeueing;
// other errors fall through only after logging, but the branch returns on
// one path, which makes it more than logging.
func (r *Reconciler) conflict(ctx context.Context, obj *corev1.ConfigMap) (ctrl.Result, error) {
	if err := r.Update(ctx, obj); err != nil {
		if apierrors.IsConflict(err) {
			log.Print("conflict, requeue")
			return ctrl.Result{RequeueAfter: time.Second}, nil
		}
		log.Print(err)
	}
	return ctrl.Result{}, nil
}

// NotFound filtered inside the failing branch: reported, but no fix (a
// return after the inner if would also return NotFound).
func (r *Reconciler) finalizeNotFound(ctx context.Context, obj *corev1.ConfigMap, pod *corev1.Pod) (ctrl.Result, error) {
	if err := r.Delete(ctx, pod); err != nil {
		if !apierrors.IsNotFound(err) {
			log.Printf("delete pod: %v", err) // want `the error of Delete is only logged, then finalizer "example.com/cleanup" is removed`
		}
	}
	controllerutil.RemoveFinalizer(obj, cleanupFinalizer)
	return ctrl.Result{}, r.Update(ctx, obj)
}

// switch on err == nil: the failing branch is the default.
func (r *Reconciler) finalizeSwitchNil(ctx context.Context, obj *corev1.ConfigMap, pod *corev1.Pod) (ctrl.Result, error) {
	switch err := r.Delete(ctx, pod); {
	case err == nil:
		log.Print("deleted")
	case apierrors.IsNotFound(err):
	default:
		log.Printf("delete pod: %v", err) // want `the error of Delete is only logged, then finalizer "example.com/cleanup" is removed`
	}
	controllerutil.RemoveFinalizer(obj, cleanupFinalizer)
	return ctrl.Result{}, r.Update(ctx, obj)
}

// A Delete in a loop whose error is only logged, then more Deletes: the
// object is left behind until the next reconcile.
type HistoryReconciler struct {
	client.Client
}

func (r *HistoryReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var old, stale []*corev1.ConfigMap
	for _, cm := range old {
		if err := r.Delete(ctx, cm); client.IgnoreNotFound(err) != nil {
			log.Printf("unable to delete old config map %s: %v", cm.Name, err) // want `the error of Delete is only logged, then the cleanup goes on with another Delete: a transient error leaves this object behind`
		}
	}
	for _, cm := range stale {
		if err := r.Delete(ctx, cm); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}
