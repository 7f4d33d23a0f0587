package controller

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	logf "sigs.k8s.io/controller-runtime/pkg/log"

	"fixtures/api"
)

const finalizer = "example.com/cleanup"

type Reconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// Status only, then Update: dropped.
func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	gb := &api.Guestbook{}
	if err := r.Get(ctx, req.NamespacedName, gb); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	gb.Status.Phase = "Ready"
	if err := r.Update(ctx, gb); err != nil { // want `only \.Status of gb was changed, but r\.Update writes the main resource, which ignores status: the change is silently dropped; use r\.Status\(\)\.Update`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// Twin: the status writer.
func (r *Reconciler) statusOK(ctx context.Context, req ctrl.Request) error {
	gb := &api.Guestbook{}
	if err := r.Get(ctx, req.NamespacedName, gb); err != nil {
		return err
	}
	gb.Status.Phase = "Ready"
	return r.Status().Update(ctx, gb)
}

// A helper given the object: its callers in this package only fetched it.
func (r *Reconciler) setPhase(ctx context.Context, gb *api.Guestbook, phase string) error {
	gb.Status.Phase = phase
	return r.Client.Update(ctx, gb) // want `only \.Status of gb was changed, but r\.Client\.Update writes the main resource`
}

func (r *Reconciler) usesSetPhase(ctx context.Context, key client.ObjectKey) error {
	gb := &api.Guestbook{}
	if err := r.Get(ctx, key, gb); err != nil {
		return err
	}
	return r.setPhase(ctx, gb, "Failed")
}

// Twin helper: one caller changes the spec first, so Update writes that.
func (r *Reconciler) saveAll(ctx context.Context, gb *api.Guestbook) error {
	gb.Status.Phase = "Scaled"
	return r.Update(ctx, gb)
}

func (r *Reconciler) usesSaveAll(ctx context.Context, key client.ObjectKey) error {
	gb := &api.Guestbook{}
	if err := r.Get(ctx, key, gb); err != nil {
		return err
	}
	gb.Spec.Size = 3
	return r.saveAll(ctx, gb)
}

// A merge patch made before the status change holds only status.
func (r *Reconciler) patchCondition(ctx context.Context, gb *api.Guestbook) error {
	patch := client.MergeFrom(gb.DeepCopy())
	meta.SetStatusCondition(&gb.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Ready"})
	return r.Patch(ctx, gb, patch) // want `only \.Status of gb was changed, but r\.Patch writes the main resource`
}

// Twin: the status writer's Patch.
func (r *Reconciler) patchConditionOK(ctx context.Context, gb *api.Guestbook) error {
	patch := client.MergeFrom(gb.DeepCopy())
	meta.SetStatusCondition(&gb.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Ready"})
	return r.Status().Patch(ctx, gb, patch)
}

// Inside a closure run by RetryOnConflict.
func (r *Reconciler) retried(ctx context.Context, key client.ObjectKey) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		gb := &api.Guestbook{}
		if err := r.Get(ctx, key, gb); err != nil {
			return err
		}
		gb.Status.Phase = "Ready"
		return r.Update(ctx, gb) // want `only \.Status of gb was changed`
	})
}

// A closure that captures the object fetched outside it.
func (r *Reconciler) captured(ctx context.Context, key client.ObjectKey) error {
	gb := &api.Guestbook{}
	if err := r.Get(ctx, key, gb); err != nil {
		return err
	}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		gb.Status.Phase = "Ready"
		return r.Update(ctx, gb) // want `only \.Status of gb was changed`
	})
}

// Twin: the enclosing function changed the spec before the closure runs.
func (r *Reconciler) capturedMixed(ctx context.Context, key client.ObjectKey) error {
	gb := &api.Guestbook{}
	if err := r.Get(ctx, key, gb); err != nil {
		return err
	}
	gb.Spec.Image = "redis:7"
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		gb.Status.Phase = "Ready"
		return r.Update(ctx, gb)
	})
}

// A typed client without a status writer: reported, no fix.
type WriterReconciler struct {
	Reader client.Reader
	Writer client.Writer
}

func (r *WriterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	dep := &appsv1.Deployment{}
	if err := r.Reader.Get(ctx, req.NamespacedName, dep); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	dep.Status.ObservedGeneration = dep.Generation
	return ctrl.Result{}, r.Writer.Update(ctx, dep) // want `only \.Status of dep was changed, but r\.Writer\.Update writes the main resource`
}

// Status changed by a method of the API package (known through its fact).
func (r *Reconciler) byMethod(ctx context.Context, key client.ObjectKey) error {
	gb := &api.Guestbook{}
	if err := r.Get(ctx, key, gb); err != nil {
		return err
	}
	gb.SetPhase("Ready")
	api.MarkReady(gb)
	return r.Update(ctx, gb) // want `only \.Status of gb was changed`
}

// Twin: the same method, then the status writer.
func (r *Reconciler) byMethodOK(ctx context.Context, key client.ObjectKey) error {
	gb := &api.Guestbook{}
	if err := r.Get(ctx, key, gb); err != nil {
		return err
	}
	gb.SetPhase("Ready")
	return r.Status().Update(ctx, gb)
}

// switch: one case changes status only.
func (r *Reconciler) switched(ctx context.Context, gb *api.Guestbook) error {
	switch gb.Status.Phase {
	case "":
		gb.Status.Phase = "Pending"
		return r.Update(ctx, gb) // want `only \.Status of gb was changed`
	case "Pending":
		gb.Status.Phase = "Running"
		return r.Status().Update(ctx, gb) // twin
	}
	return nil
}

// Every item of a list.
func (r *Reconciler) listed(ctx context.Context) error {
	var list api.GuestbookList
	if err := r.List(ctx, &list); err != nil {
		return err
	}
	for i := range list.Items {
		list.Items[i].Status.Phase = "Unknown"
		if err := r.Update(ctx, &list.Items[i]); err != nil { // want `only \.Status of &list\.Items\[i\] was changed`
			return err
		}
	}
	return nil
}

// Twin: a ConfigMap has no status; its data is written by Update.
func (r *Reconciler) configMap(ctx context.Context, key client.ObjectKey) error {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, key, cm); err != nil {
		return err
	}
	cm.Data = map[string]string{"a": "b"}
	return r.Update(ctx, cm)
}

// Twin: a type whose CRD has no status subresource.
func (r *Reconciler) legacy(ctx context.Context, key client.ObjectKey) error {
	l := &api.Legacy{}
	if err := r.Get(ctx, key, l); err != nil {
		return err
	}
	l.Status.Phase = "Ready"
	return r.Update(ctx, l)
}

// Twin: spec and status changed together; the spec part is written.
func (r *Reconciler) mixed(ctx context.Context, key client.ObjectKey) error {
	gb := &api.Guestbook{}
	if err := r.Get(ctx, key, gb); err != nil {
		return err
	}
	gb.Spec.Size = 2
	gb.Status.Phase = "Scaling"
	return r.Update(ctx, gb)
}

// Twin: a finalizer added on some path counts as a metadata change.
func (r *Reconciler) mixedOnPath(ctx context.Context, gb *api.Guestbook) error {
	if !controllerutil.ContainsFinalizer(gb, finalizer) {
		controllerutil.AddFinalizer(gb, finalizer)
	}
	gb.Status.Phase = "Pending"
	return r.Update(ctx, gb)
}

// Twin: a write in between resets what was changed.
func (r *Reconciler) inBetween(ctx context.Context, gb *api.Guestbook) error {
	gb.Status.Phase = "Pending"
	if err := r.Status().Update(ctx, gb); err != nil {
		return err
	}
	gb.Labels = map[string]string{"phase": "pending"}
	return r.Update(ctx, gb)
}

// Twin: handed to a function this check cannot see into.
func (r *Reconciler) unknownHelper(ctx context.Context, gb *api.Guestbook) error {
	gb.Status.Phase = "Defaulted"
	r.Scheme.Default(gb)
	return r.Update(ctx, gb)
}

// Spec changed, then the status writer: dropped.
func (r *Reconciler) specToStatus(ctx context.Context, gb *api.Guestbook) error {
	gb.Spec.Size = 3
	return r.Status().Update(ctx, gb) // want `only \.Spec of gb was changed, but r\.Status\(\)\.Update writes the status subresource, which ignores everything but status: the change is silently dropped; use r\.Update`
}

// Twin: spec changed, then Update.
func (r *Reconciler) specOK(ctx context.Context, gb *api.Guestbook) error {
	gb.Spec.Size = 3
	return r.Update(ctx, gb)
}

// A finalizer, then the status writer: dropped.
func (r *Reconciler) finalizerToStatus(ctx context.Context, key client.ObjectKey) error {
	gb := &api.Guestbook{}
	if err := r.Get(ctx, key, gb); err != nil {
		return err
	}
	if controllerutil.AddFinalizer(gb, finalizer) {
		return r.Status().Update(ctx, gb) // want `only \.Finalizers of gb was changed, but r\.Status\(\)\.Update writes the status subresource`
	}
	return nil
}

// Twin: a finalizer, then Update.
func (r *Reconciler) finalizerOK(ctx context.Context, key client.ObjectKey) error {
	gb := &api.Guestbook{}
	if err := r.Get(ctx, key, gb); err != nil {
		return err
	}
	if controllerutil.AddFinalizer(gb, finalizer) {
		return r.Update(ctx, gb)
	}
	return nil
}

// Labels and spec (through a method of the API package), then a status
// patch: dropped.
func (r *Reconciler) labelsToStatusPatch(ctx context.Context, gb *api.Guestbook) error {
	patch := client.MergeFrom(gb.DeepCopy())
	gb.Labels["tier"] = "frontend"
	gb.Default()
	return r.Status().Patch(ctx, gb, patch) // want `only \.Labels and \.Spec of gb were changed, but r\.Status\(\)\.Patch writes the status subresource`
}

// Twin: another subresource.
func (r *Reconciler) scale(ctx context.Context, dep *appsv1.Deployment) error {
	dep.Spec.Replicas = nil
	return r.SubResource("scale").Update(ctx, dep)
}

// SubResource("status") is the status writer. A built-in kind's status
// strategy resets the spec.
func (r *Reconciler) subresourceStatus(ctx context.Context, dep *appsv1.Deployment) error {
	dep.Spec.Paused = true
	return r.SubResource("status").Update(ctx, dep) // want `only \.Spec of dep was changed, but r\.SubResource\("status"\)\.Update writes the status subresource, which ignores the spec: the change is silently dropped; use r\.Update`
}

// Twin: a Deployment's status strategy keeps annotations
// (apps/deployment/strategy.go resets only spec and labels).
func (r *Reconciler) builtinMetaStatus(ctx context.Context, dep *appsv1.Deployment) error {
	dep.Annotations = nil
	return r.SubResource("status").Update(ctx, dep)
}

// An if/else where both branches change status only.
func (r *Reconciler) ifElse(ctx context.Context, pod *corev1.Pod, ok bool) error {
	if ok {
		pod.Status.Message = "ok"
	} else {
		pod.Status.Message = "not ok"
	}
	return r.Update(ctx, pod, client.FieldOwner("me")) // want `only \.Status of pod was changed`
}

// Options that the status writer does not take: no fix.
func (r *Reconciler) dryRun(ctx context.Context, pod *corev1.Pod, opts ...client.UpdateOption) error {
	pod.Status.Message = "ok"
	return r.Update(ctx, pod, opts...) // want `only \.Status of pod was changed`
}

// The finalizer is added, and written, only when it was missing: on the
// other path only status changed.
func (r *Reconciler) afterFinalizer(ctx context.Context, gb *api.Guestbook) error {
	if controllerutil.AddFinalizer(gb, finalizer) {
		if err := r.Update(ctx, gb); err != nil {
			return err
		}
	}
	gb.Status.Phase = "Running"
	return r.Update(ctx, gb) // want `only \.Status of gb was changed`
}

// Twin: stored in a handler that may change anything later.
type holder struct{ gb *api.Guestbook }

func (h *holder) markReady() { h.gb.Status.Phase = "Ready" }

func (r *Reconciler) escaped(ctx context.Context, gb *api.Guestbook) error {
	gb.Spec.Size = 1
	h := &holder{gb: gb}
	h.markReady()
	return r.Status().Update(ctx, gb)
}

// Twin: handed among the variadic arguments of a function that may change it.
func touchAll(objs ...client.Object) {
	for _, o := range objs {
		o.SetLabels(nil)
	}
}

func (r *Reconciler) variadic(ctx context.Context, gb *api.Guestbook) error {
	gb.Status.Phase = "Touched"
	touchAll(gb)
	return r.Update(ctx, gb)
}

// Logging the object changes nothing: reported.
func (r *Reconciler) logged(ctx context.Context, gb *api.Guestbook) error {
	gb.Status.Phase = "Logged"
	logf.FromContext(ctx).Info("updating", "guestbook", gb, "phase", gb.Status.Phase)
	return r.Update(ctx, gb) // want `only \.Status of gb was changed`
}

// Odd shapes that must not upset the check.
func genericUpdate[T client.Object](ctx context.Context, c client.Client, obj T) error {
	return c.Update(ctx, obj)
}

func (r *Reconciler) recursive(ctx context.Context, gb *api.Guestbook, n int) error {
	if n == 0 {
		return r.Update(ctx, gb) // want `only \.Status of gb was changed`
	}
	gb.Status.Phase = "Deeper"
	return r.recursive(ctx, gb, n-1)
}

func (r *Reconciler) methodValue(ctx context.Context, gb *api.Guestbook) error {
	update := r.Update
	gb.Status.Phase = "Bound"
	return update(ctx, gb) // want `only \.Status of gb was changed, but update writes the main resource`
}

func (r *Reconciler) viaGeneric(ctx context.Context, gb *api.Guestbook) error {
	gb.Status.Phase = "Generic"
	return genericUpdate(ctx, r.Client, gb)
}

func (r *Reconciler) phi(ctx context.Context, a, b *api.Guestbook, first bool) error {
	gb := b
	if first {
		gb = a
	}
	gb.Status.Phase = "Either"
	return r.Update(ctx, gb)
}

// Twins of the cases above that lacked one.

func (r *Reconciler) retriedOK(ctx context.Context, key client.ObjectKey) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		gb := &api.Guestbook{}
		if err := r.Get(ctx, key, gb); err != nil {
			return err
		}
		gb.Status.Phase = "Ready"
		return r.Status().Update(ctx, gb)
	})
}

func (r *WriterReconciler) specOK(ctx context.Context, req ctrl.Request) error {
	dep := &appsv1.Deployment{}
	if err := r.Reader.Get(ctx, req.NamespacedName, dep); err != nil {
		return err
	}
	dep.Spec.Paused = true
	return r.Writer.Update(ctx, dep)
}

func (r *Reconciler) listedOK(ctx context.Context) error {
	var list api.GuestbookList
	if err := r.List(ctx, &list); err != nil {
		return err
	}
	for i := range list.Items {
		list.Items[i].Status.Phase = "Unknown"
		if err := r.Status().Update(ctx, &list.Items[i]); err != nil {
			return err
		}
	}
	return nil
}

func (r *Reconciler) labelsPatchOK(ctx context.Context, gb *api.Guestbook) error {
	patch := client.MergeFrom(gb.DeepCopy())
	gb.Labels["tier"] = "frontend"
	gb.Default()
	return r.Patch(ctx, gb, patch)
}

func (r *Reconciler) subresourceStatusOK(ctx context.Context, dep *appsv1.Deployment) error {
	dep.Status.ReadyReplicas = 0
	return r.SubResource("status").Update(ctx, dep)
}

func (r *Reconciler) ifElseOK(ctx context.Context, pod *corev1.Pod, ok bool) error {
	if ok {
		pod.Status.Message = "ok"
	} else {
		pod.Status.Message = "not ok"
	}
	return r.Status().Update(ctx, pod, client.FieldOwner("me"))
}

func (r *Reconciler) afterFinalizerOK(ctx context.Context, gb *api.Guestbook) error {
	if controllerutil.AddFinalizer(gb, finalizer) {
		if err := r.Update(ctx, gb); err != nil {
			return err
		}
	}
	gb.Status.Phase = "Running"
	return r.Status().Update(ctx, gb)
}

// Twin: no change at all since the Get.
func (r *Reconciler) unchanged(ctx context.Context, key client.ObjectKey) error {
	gb := &api.Guestbook{}
	if err := r.Get(ctx, key, gb); err != nil {
		return err
	}
	return r.Status().Update(ctx, gb)
}
